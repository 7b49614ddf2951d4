import { AdminTab } from '@luz/shared';
import { textSearchFor } from './filters';

const logs = textSearchFor(
  AdminTab.logs,
  { alias: 'alias', company: 'user_company_name', email: 'user_email', service_number: 'service_number' },
  'email',
);

test('a tab offers only the "Buscar por" fields it can search, in the order of its options', () => {
  expect(logs.options.map((option) => option.value)).toEqual(['alias', 'company', 'email', 'service_number']);
  expect(logs.options.map((option) => option.label)).not.toContain(undefined);
});

test('the chosen field names the query parameter; a field the tab lacks falls back to its default', () => {
  expect(logs.params({ filterBy: 'company', search: 'Acme' })).toEqual({ user_company_name: 'Acme' });
  expect(logs.params({ filterBy: 'task_type', search: 'Acme' })).toEqual({ user_email: 'Acme' });
  expect(logs.chosen({ filterBy: null })).toBe('email');
  expect(logs.params({ filterBy: 'alias', search: null })).toEqual({});
});

import { pageSizePreference } from './page-size-preference';
import {
  parseAdminSearch,
  parseDownloadsSearch,
  parsePeriodsSearch,
  parseRpusSearch,
  parseSettingsSearch,
} from './routes';
import { toSearchParams, toSearchString } from './to-search-params';

const ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

afterEach(() => localStorage.clear());

describe('toSearchParams', () => {
  it('leaves out nulls and undefined', () => {
    expect(toSearchParams({ search: null, userId: undefined, filterBy: 'email' }).toString()).toBe(
      'filterBy=email',
    );
  });
  it('leaves out empty text', () => {
    expect(toSearchParams({ search: '' }).toString()).toBe('');
  });
  it('leaves out page 1, the preferred page size and tab 0 without being told', () => {
    expect(toSearchParams({ page: 1, pageSize: 10, tab: 0 }).toString()).toBe('');
    pageSizePreference.set(25);
    expect(toSearchParams({ page: 2, pageSize: 25 }).toString()).toBe('page=2');
    expect(toSearchParams({ pageSize: 10 }).toString()).toBe('pageSize=10');
  });
  it('leaves out values equal to the given defaults', () => {
    expect(toSearchParams({ filterBy: 'email', page: 3 }, { filterBy: 'email' }).toString()).toBe('page=3');
  });
  it('writes keys in a stable (sorted) order whatever the order of the values', () => {
    const a = toSearchParams({ search: 'x', filterBy: 'alias', page: 2 }).toString();
    const b = toSearchParams({ page: 2, filterBy: 'alias', search: 'x' }).toString();
    expect(a).toBe('filterBy=alias&page=2&search=x');
    expect(b).toBe(a);
  });
  it('writes booleans as true/false, including false', () => {
    expect(toSearchParams({ withAutofetch: true, deleted: false }).toString()).toBe(
      'deleted=false&withAutofetch=true',
    );
  });
  it('writes numbers, including negative and zero values that are not defaults', () => {
    expect(toSearchParams({ rpuStatus: -1, taskType: 0 }).toString()).toBe('rpuStatus=-1&taskType=0');
  });
  it('writes dates as yyyy-MM-dd and leaves out invalid ones', () => {
    expect(
      toSearchParams({ initialDate: new Date(2025, 2, 7), finalDate: new Date(Number.NaN) }).toString(),
    ).toBe('initialDate=2025-03-07');
  });
  it('writes lists as repeated keys', () => {
    expect(toSearchParams({ ids: ['a', 'b'] }).toString()).toBe('ids=a&ids=b');
  });
  it('never writes the unmet requirements of a parse', () => {
    const values = parseRpusSearch('?filterBy=alias');
    expect(values.unmetRequirements).toHaveLength(1);
    expect(toSearchParams(values).toString()).toBe('');
  });
  it('refuses objects, which have no URL form', () => {
    expect(() => toSearchParams({ filter: { a: 1 } })).toThrow(TypeError);
  });
  it('encodes text', () => {
    expect(toSearchParams({ search: 'Planta & Norte' }).toString()).toBe('search=Planta+%26+Norte');
  });
  it('toSearchString adds "?" only when there is something to write', () => {
    expect(toSearchString({ page: 2 })).toBe('?page=2');
    expect(toSearchString({ page: 1 })).toBe('');
  });
});

describe('round trip: parse → toSearchParams → parse keeps the state (reload-safe)', () => {
  const cases: [string, (input: string) => object, string][] = [
    ['settings', parseSettingsSearch, 'tab=3'],
    [
      'periods',
      parsePeriodsSearch,
      `filterBy=rpu&finalDate=2025-03-31&initialDate=2025-01-01&page=4&rpuId=${ID}`,
    ],
    ['downloads', parseDownloadsSearch, `pageSize=50&taskId=${ID}`],
    [
      'admin',
      parseAdminSearch,
      `containsTaskStatus=2&deleted=false&filterBy=service_number&hasUns=true&rpuStatus=-1&search=1234&tab=1&taskType=0&userId=${ID}`,
    ],
    [
      'rpus',
      parseRpusSearch,
      'filterBy=alias&rpuStatus=5&search=Planta+Norte&sendEmailNotifications=true&withAutofetch=false',
    ],
  ];
  it.each(cases)('%s', (_, parse, query) => {
    const parsed = parse(`?${query}`);
    const written = toSearchParams(parsed).toString();
    expect(parse(written)).toEqual(parsed);
    expect(written).toBe(query); // each case is written in the canonical (sorted, defaults left out) form
  });
  it('drops what the parse discarded, so the URL is normalised', () => {
    const parsed = parseRpusSearch('?page=0&pageSize=abc&filterBy=nope&rpuStatus=9&search=');
    expect(toSearchParams(parsed).toString()).toBe('');
  });
});

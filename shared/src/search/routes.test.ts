import type { RpuStatus, TaskStatus, TaskType } from '../contract/enums';
import { pageSizePreference } from './page-size-preference';
import {
  type AdminSearch,
  type PeriodsSearch,
  parseAdminSearch,
  parseDownloadsSearch,
  parsePaymentHistorySearch,
  parsePeriodsSearch,
  parseResetPasswordSearch,
  parseRpusSearch,
  parseSettingsSearch,
  parseSubscriptionSearch,
  type RpusSearch,
} from './routes';
import { AdminTab, SettingsTab } from './tabs';

const ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const OTHER_ID = '9b2c8a1e-1111-4d3a-8b0c-0305e82c3302';

afterEach(() => localStorage.clear());

describe('every list route: page and pageSize', () => {
  const parsers = {
    settings: parseSettingsSearch,
    periods: parsePeriodsSearch,
    downloads: parseDownloadsSearch,
    admin: parseAdminSearch,
    rpus: parseRpusSearch,
    paymentHistory: parsePaymentHistorySearch,
  };
  it.each(Object.entries(parsers))('%s: defaults to page 1 and 10 rows', (_, parse) => {
    expect(parse('')).toMatchObject({ page: 1, pageSize: 10 });
  });
  it.each(Object.entries(parsers))('%s: the stored preference is the default page size', (_, parse) => {
    pageSizePreference.set(50);
    expect(parse('?page=3')).toMatchObject({ page: 3, pageSize: 50 });
  });
  it.each(Object.entries(parsers))('%s: reads and coerces page and pageSize', (_, parse) => {
    expect(parse('?page=0&pageSize=500')).toMatchObject({ page: 1, pageSize: 100 });
    expect(parse(new URLSearchParams({ page: '2', pageSize: '25' }))).toMatchObject({
      page: 2,
      pageSize: 25,
    });
  });
});

describe('/settings', () => {
  it('tab defaults to user information (0)', () => {
    expect(parseSettingsSearch('')).toEqual({ tab: 0, page: 1, pageSize: 10, credentialId: null });
  });
  it('credentialId (the account whose password to change) is an id, or null', () => {
    const id = '0b5e0c6e-5a8e-4c1a-9d7e-3f1f1d2c3b4a';
    expect(parseSettingsSearch(`?tab=3&credentialId=${id.toUpperCase()}`)).toMatchObject({
      tab: 3,
      credentialId: id,
    });
    expect(parseSettingsSearch('?tab=3&credentialId=nope').credentialId).toBeNull();
  });
  it.each([
    ['0', SettingsTab.userInformation],
    ['1', SettingsTab.appearance],
    ['2', SettingsTab.security],
    ['3', SettingsTab.cfe],
    ['4', SettingsTab.webhooks],
    ['5', SettingsTab.apiTokens],
  ])('tab=%s is tab %i', (tab, value) => {
    expect(parseSettingsSearch(`?tab=${tab}`).tab).toBe(value);
  });
  it('an unknown tab is 0', () => {
    expect(parseSettingsSearch('?tab=6').tab).toBe(0);
    expect(parseSettingsSearch('?tab=security').tab).toBe(0);
  });
});

describe('/periods', () => {
  it('has no filter by default', () => {
    expect(parsePeriodsSearch('')).toEqual<PeriodsSearch>({
      page: 1,
      pageSize: 10,
      filterBy: null,
      credentialId: null,
      rpuId: null,
      initialDate: null,
      finalDate: null,
      unmetRequirements: [],
    });
  });
  it('filterBy=credential with a credentialId is applied', () => {
    expect(parsePeriodsSearch(`?filterBy=credential&credentialId=${ID}`)).toMatchObject({
      filterBy: 'credential',
      credentialId: ID,
      unmetRequirements: [],
    });
  });
  it('filterBy=credential without credentialId is not applied, and says why', () => {
    const search = parsePeriodsSearch('?filterBy=credential');
    expect(search.filterBy).toBeNull();
    expect(search.unmetRequirements).toEqual([
      {
        filterBy: 'credential',
        missing: 'credentialId',
        message: 'Elige una cuenta de CFE para filtrar por cuenta.',
      },
    ]);
  });
  it('filterBy=credential with an invalid credentialId is not applied', () => {
    const search = parsePeriodsSearch('?filterBy=credential&credentialId=42');
    expect(search).toMatchObject({ filterBy: null, credentialId: null });
    expect(search.unmetRequirements[0]?.missing).toBe('credentialId');
  });
  it('filterBy=rpu with an rpuId is applied', () => {
    expect(parsePeriodsSearch(`?filterBy=rpu&rpuId=${ID}`)).toMatchObject({ filterBy: 'rpu', rpuId: ID });
  });
  it('filterBy=rpu without rpuId is not applied, and says why', () => {
    const search = parsePeriodsSearch(`?filterBy=rpu&credentialId=${ID}`);
    expect(search.filterBy).toBeNull();
    expect(search.credentialId).toBe(ID);
    expect(search.unmetRequirements).toEqual([
      { filterBy: 'rpu', missing: 'rpuId', message: 'Elige un servicio para filtrar por servicio.' },
    ]);
  });
  it('an unknown filterBy is null (and no requirement is reported)', () => {
    expect(parsePeriodsSearch('?filterBy=alias')).toMatchObject({ filterBy: null, unmetRequirements: [] });
  });
  it('reads valid dates', () => {
    expect(parsePeriodsSearch('?initialDate=2025-01-01&finalDate=2025-03-31')).toMatchObject({
      initialDate: '2025-01-01',
      finalDate: '2025-03-31',
    });
  });
  it('an invalid date is null (2025-02-30), without touching the other', () => {
    expect(parsePeriodsSearch('?initialDate=2025-02-30&finalDate=2025-03-31')).toMatchObject({
      initialDate: null,
      finalDate: '2025-03-31',
    });
  });
  it('a date in another format is null', () => {
    expect(parsePeriodsSearch('?initialDate=01/02/2025&finalDate=').initialDate).toBeNull();
    expect(parsePeriodsSearch('?finalDate=').finalDate).toBeNull();
  });
});

describe('/downloads', () => {
  it('taskId is null by default', () => {
    expect(parseDownloadsSearch('')).toEqual({ page: 1, pageSize: 10, taskId: null });
  });
  it('reads a taskId', () => {
    expect(parseDownloadsSearch(`?taskId=${ID}`).taskId).toBe(ID);
  });
  it('an invalid or empty taskId is null', () => {
    expect(parseDownloadsSearch('?taskId=abc').taskId).toBeNull();
    expect(parseDownloadsSearch('?taskId=').taskId).toBeNull();
  });
});

describe('/admin', () => {
  const empty: AdminSearch = {
    tab: 0,
    page: 1,
    pageSize: 10,
    filterBy: null,
    search: null,
    userId: null,
    taskType: null,
    containsTaskStatus: null,
    credentialId: null,
    deleted: null,
    duplicated: null,
    hasUns: null,
    rpuStatus: null,
    sendEmailNotifications: null,
    withAutofetch: null,
  };
  it('defaults: users tab, nothing filtered', () => {
    expect(parseAdminSearch('')).toEqual(empty);
  });
  it.each([
    ['0', AdminTab.users],
    ['1', AdminTab.logs],
    ['2', AdminTab.rpus],
  ])('tab=%s is tab %i', (tab, value) => {
    expect(parseAdminSearch(`?tab=${tab}`).tab).toBe(value);
  });
  it('an unknown tab is users (0)', () => {
    expect(parseAdminSearch('?tab=3').tab).toBe(0);
    expect(parseAdminSearch('?tab=logs').tab).toBe(0);
  });
  it.each(['company', 'email', 'username'])('users tab: filterBy=%s is accepted', (filterBy) => {
    expect(parseAdminSearch(`?filterBy=${filterBy}`).filterBy).toBe(filterBy);
  });
  it.each(['alias', 'service_number', 'task_status', 'task_type'])(
    'users tab: filterBy=%s belongs to services, null',
    (filterBy) => {
      expect(parseAdminSearch(`?tab=0&filterBy=${filterBy}`).filterBy).toBeNull();
    },
  );
  it.each(['alias', 'company', 'email', 'service_number', 'task_status', 'task_type'])(
    'logs and RPUs tabs: filterBy=%s is accepted',
    (filterBy) => {
      expect(parseAdminSearch(`?tab=1&filterBy=${filterBy}`).filterBy).toBe(filterBy);
      expect(parseAdminSearch(`?tab=2&filterBy=${filterBy}`).filterBy).toBe(filterBy);
    },
  );
  it('logs tab: username is a users field, null', () => {
    expect(parseAdminSearch('?tab=1&filterBy=username').filterBy).toBeNull();
  });
  it('an unknown filterBy is null', () => {
    expect(parseAdminSearch('?filterBy=password').filterBy).toBeNull();
  });
  it('reads search, userId and credentialId', () => {
    expect(parseAdminSearch(`?search=%20acme%20&userId=${ID}&credentialId=${OTHER_ID}`)).toMatchObject({
      search: 'acme',
      userId: ID,
      credentialId: OTHER_ID,
    });
  });
  it('empty search and invalid ids are null', () => {
    expect(parseAdminSearch('?search=&userId=1&credentialId=x')).toMatchObject({
      search: null,
      userId: null,
      credentialId: null,
    });
  });
  it.each(['0', '1', '2', '3'])('taskType=%s is accepted', (value) => {
    expect(parseAdminSearch(`?taskType=${value}`).taskType).toBe(Number(value));
  });
  it('taskType outside 0..3 is null', () => {
    expect(parseAdminSearch('?taskType=4').taskType).toBeNull();
    expect(parseAdminSearch('?taskType=-1').taskType).toBeNull();
  });
  it.each(['0', '1', '2', '3', '4'])('containsTaskStatus=%s is accepted', (value) => {
    expect(parseAdminSearch(`?containsTaskStatus=${value}`).containsTaskStatus).toBe(Number(value));
  });
  it('containsTaskStatus outside 0..4 is null', () => {
    expect(parseAdminSearch('?containsTaskStatus=5').containsTaskStatus).toBeNull();
  });
  it.each(['-1', '0', '1', '2', '3', '4', '5'])('rpuStatus=%s is accepted', (value) => {
    expect(parseAdminSearch(`?rpuStatus=${value}`).rpuStatus).toBe(Number(value));
  });
  it('rpuStatus outside -1..5 is null', () => {
    expect(parseAdminSearch('?rpuStatus=6').rpuStatus).toBeNull();
    expect(parseAdminSearch('?rpuStatus=-2').rpuStatus).toBeNull();
  });
  it.each(['deleted', 'duplicated', 'hasUns', 'sendEmailNotifications', 'withAutofetch'] as const)(
    '%s reads true/false and nothing else',
    (key) => {
      expect(parseAdminSearch(`?${key}=true`)[key]).toBe(true);
      expect(parseAdminSearch(`?${key}=false`)[key]).toBe(false);
      expect(parseAdminSearch(`?${key}=1`)[key]).toBeNull();
      expect(parseAdminSearch(`?${key}=`)[key]).toBeNull();
    },
  );
});

describe('/rpus/', () => {
  it('has no filter by default', () => {
    expect(parseRpusSearch('')).toEqual<RpusSearch>({
      page: 1,
      pageSize: 10,
      filterBy: null,
      credentialId: null,
      search: null,
      rpuStatus: null,
      withAutofetch: null,
      sendEmailNotifications: null,
      unmetRequirements: [],
    });
  });
  it('filterBy=credential needs a credentialId', () => {
    expect(parseRpusSearch(`?filterBy=credential&credentialId=${ID}`).filterBy).toBe('credential');
    const search = parseRpusSearch('?filterBy=credential&search=x');
    expect(search.filterBy).toBeNull();
    expect(search.unmetRequirements).toEqual([
      {
        filterBy: 'credential',
        missing: 'credentialId',
        message: 'Elige una cuenta de CFE para filtrar por cuenta.',
      },
    ]);
  });
  it('filterBy=alias needs a search', () => {
    expect(parseRpusSearch('?filterBy=alias&search=Planta').filterBy).toBe('alias');
    const search = parseRpusSearch('?filterBy=alias&search=%20%20');
    expect(search.filterBy).toBeNull();
    expect(search.unmetRequirements).toEqual([
      { filterBy: 'alias', missing: 'search', message: 'Escribe lo que quieres buscar.' },
    ]);
  });
  it('filterBy=serviceNumber needs a search', () => {
    expect(parseRpusSearch('?filterBy=serviceNumber&search=123456789012')).toMatchObject({
      filterBy: 'serviceNumber',
      search: '123456789012',
    });
    const search = parseRpusSearch('?filterBy=serviceNumber');
    expect(search.filterBy).toBeNull();
    expect(search.unmetRequirements[0]?.missing).toBe('search');
  });
  it('filterBy=email uses search but does not require it', () => {
    expect(parseRpusSearch('?filterBy=email&search=planta%40acme.mx')).toMatchObject({
      filterBy: 'email',
      search: 'planta@acme.mx',
    });
    expect(parseRpusSearch('?filterBy=email')).toMatchObject({ filterBy: 'email', unmetRequirements: [] });
  });
  it('filterBy=withCredential needs nothing else', () => {
    expect(parseRpusSearch('?filterBy=withCredential')).toMatchObject({
      filterBy: 'withCredential',
      unmetRequirements: [],
    });
  });
  it('an unknown filterBy is null', () => {
    expect(parseRpusSearch('?filterBy=service_number&search=1').filterBy).toBeNull();
  });
  it('reads rpuStatus, withAutofetch and sendEmailNotifications', () => {
    expect(parseRpusSearch('?rpuStatus=-1&withAutofetch=true&sendEmailNotifications=false')).toMatchObject({
      rpuStatus: -1,
      withAutofetch: true,
      sendEmailNotifications: false,
    });
  });
  it('unknown values of those are null', () => {
    expect(parseRpusSearch('?rpuStatus=9&withAutofetch=yes&sendEmailNotifications=0')).toMatchObject({
      rpuStatus: null,
      withAutofetch: null,
      sendEmailNotifications: null,
    });
  });
  it('types the values as the contract does', () => {
    const search = parseRpusSearch('?rpuStatus=1');
    const status: RpuStatus | null = search.rpuStatus;
    const admin = parseAdminSearch('?taskType=1&containsTaskStatus=1');
    const type: TaskType | null = admin.taskType;
    const taskStatus: TaskStatus | null = admin.containsTaskStatus;
    expect([status, type, taskStatus]).toEqual([1, 1, 1]);
  });
});

describe('/rpus/{rpuId}/payment-history', () => {
  it('has only page and pageSize', () => {
    expect(parsePaymentHistorySearch('?page=2&other=1')).toEqual({ page: 2, pageSize: 10 });
  });
});

describe('public routes', () => {
  it('/reset-password reads the token of the e-mail link', () => {
    expect(parseResetPasswordSearch('?token=abc.def').token).toBe('abc.def');
    expect(parseResetPasswordSearch('').token).toBeNull();
  });
  it('/subscription reads the return of the checkout', () => {
    expect(parseSubscriptionSearch('?id=hp_123&state=succeeded')).toEqual({
      id: 'hp_123',
      state: 'succeeded',
    });
    expect(parseSubscriptionSearch('')).toEqual({ id: null, state: null });
  });
});

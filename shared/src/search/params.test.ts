import { pageSizePreference } from './page-size-preference';
import {
  searchRecord,
  zBooleanParam,
  zChoiceParam,
  zIdParam,
  zIsoDateParam,
  zNumberChoiceParam,
  zPageParam,
  zPageSizeParam,
  zTabParam,
  zTextParam,
} from './params';

afterEach(() => localStorage.clear());

describe('page', () => {
  it('reads a positive integer', () => expect(zPageParam.parse('3')).toBe(3));
  it('defaults to 1 when missing', () => expect(zPageParam.parse(undefined)).toBe(1));
  it('empty is 1', () => expect(zPageParam.parse('')).toBe(1));
  it('zero is 1', () => expect(zPageParam.parse('0')).toBe(1));
  it('negative is 1', () => expect(zPageParam.parse('-2')).toBe(1));
  it('non-integer is 1', () => expect(zPageParam.parse('1.5')).toBe(1));
  it('text is 1', () => expect(zPageParam.parse('abc')).toBe(1));
  it('exponent notation is 1', () => expect(zPageParam.parse('1e3')).toBe(1));
  it('an unsafe integer is 1', () => expect(zPageParam.parse('99999999999999999999')).toBe(1));
  it('tolerates surrounding spaces', () => expect(zPageParam.parse(' 4 ')).toBe(4));
});

describe('pageSize', () => {
  it('reads a positive integer', () => expect(zPageSizeParam.parse('25')).toBe(25));
  it('defaults to 10 without a stored preference', () => expect(zPageSizeParam.parse(undefined)).toBe(10));
  it('defaults to the stored preference', () => {
    pageSizePreference.set(50);
    expect(zPageSizeParam.parse(undefined)).toBe(50);
  });
  it('an invalid value is the preference', () => {
    pageSizePreference.set(25);
    expect(zPageSizeParam.parse('0')).toBe(25);
    expect(zPageSizeParam.parse('-10')).toBe(25);
    expect(zPageSizeParam.parse('7.5')).toBe(25);
    expect(zPageSizeParam.parse('many')).toBe(25);
  });
  it('an invalid stored preference falls back to 10', () => {
    localStorage.setItem('luz.pageSize', 'lots');
    expect(zPageSizeParam.parse(undefined)).toBe(10);
  });
  it('is capped at 100 to protect the API', () => {
    expect(zPageSizeParam.parse('100')).toBe(100);
    expect(zPageSizeParam.parse('101')).toBe(100);
    expect(zPageSizeParam.parse('100000')).toBe(100);
  });
});

describe('tab', () => {
  const zTab = zTabParam([0, 1, 2] as const);
  it('reads a known tab', () => expect(zTab.parse('2')).toBe(2));
  it('defaults to 0 when missing', () => expect(zTab.parse(undefined)).toBe(0));
  it('an unknown tab is 0', () => {
    expect(zTab.parse('3')).toBe(0);
    expect(zTab.parse('-1')).toBe(0);
    expect(zTab.parse('users')).toBe(0);
  });
});

describe('choices', () => {
  const zChoice = zChoiceParam(['rpu', 'credential']);
  it('reads a known value', () => expect(zChoice.parse('rpu')).toBe('rpu'));
  it('an unknown value is null', () => expect(zChoice.parse('RPU')).toBeNull());
  it('missing or empty is null', () => {
    expect(zChoice.parse(undefined)).toBeNull();
    expect(zChoice.parse('')).toBeNull();
  });

  const zNumber = zNumberChoiceParam([-1, 0, 1] as const);
  it('reads a known number, negative too', () => {
    expect(zNumber.parse('-1')).toBe(-1);
    expect(zNumber.parse('1')).toBe(1);
  });
  it('an unknown number is null', () => expect(zNumber.parse('2')).toBeNull());
  it('a non-integer or text is null', () => {
    expect(zNumber.parse('0.5')).toBeNull();
    expect(zNumber.parse('one')).toBeNull();
    expect(zNumber.parse('')).toBeNull();
  });
});

describe('booleans', () => {
  it('"true" and "false" are booleans', () => {
    expect(zBooleanParam.parse('true')).toBe(true);
    expect(zBooleanParam.parse('false')).toBe(false);
  });
  it('anything else is null', () => {
    for (const value of ['1', '0', 'yes', 'TRUE', '', undefined])
      expect(zBooleanParam.parse(value)).toBeNull();
  });
});

describe('ids', () => {
  it('reads a UUID, lower-cased', () => {
    expect(zIdParam.parse('3F2504E0-4F89-41D3-9A0C-0305E82C3301')).toBe(
      '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    );
  });
  it('an invalid id is null', () => {
    expect(zIdParam.parse('42')).toBeNull();
    expect(zIdParam.parse('3f2504e0-4f89-41d3-9a0c')).toBeNull();
  });
  it('empty is null', () => expect(zIdParam.parse('')).toBeNull());
});

describe('text', () => {
  it('is trimmed', () => expect(zTextParam.parse('  casa matriz ')).toBe('casa matriz'));
  it('empty or blank is null', () => {
    expect(zTextParam.parse('')).toBeNull();
    expect(zTextParam.parse('   ')).toBeNull();
    expect(zTextParam.parse(undefined)).toBeNull();
  });
  it('is cut at 200 characters', () => expect(zTextParam.parse('x'.repeat(500))).toHaveLength(200));
});

describe('dates (yyyy-MM-dd)', () => {
  it('reads a valid date', () => expect(zIsoDateParam.parse('2025-02-28')).toBe('2025-02-28'));
  it('a day that does not exist is null', () => {
    expect(zIsoDateParam.parse('2025-02-30')).toBeNull();
    expect(zIsoDateParam.parse('2025-02-29')).toBeNull();
    expect(zIsoDateParam.parse('2024-02-29')).toBe('2024-02-29');
  });
  it('another format is null', () => {
    expect(zIsoDateParam.parse('28/02/2025')).toBeNull();
    expect(zIsoDateParam.parse('2025-2-28')).toBeNull();
    expect(zIsoDateParam.parse('2025-02-28T00:00:00Z')).toBeNull();
  });
  it('empty is null', () => expect(zIsoDateParam.parse('')).toBeNull());
});

describe('searchRecord', () => {
  it('reads a query string with or without "?"', () => {
    expect(searchRecord('?page=2&tab=1')).toEqual({ page: '2', tab: '1' });
    expect(searchRecord('page=2')).toEqual({ page: '2' });
  });
  it('reads URLSearchParams and plain records', () => {
    expect(searchRecord(new URLSearchParams({ a: '1' }))).toEqual({ a: '1' });
    expect(searchRecord({ a: '1', b: undefined })).toEqual({ a: '1' });
  });
  it('keeps the first value of a repeated key, like URLSearchParams.get', () => {
    expect(searchRecord('page=2&page=5')).toEqual({ page: '2' });
  });
  it('decodes encoded text', () => {
    expect(searchRecord('search=Casa%20Matriz+Norte')).toEqual({ search: 'Casa Matriz Norte' });
  });
  it('keeps dangerous key names as plain data', () => {
    const record = searchRecord('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.keys(record)).toEqual(['__proto__', 'constructor']);
  });
});

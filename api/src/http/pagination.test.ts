import { zPage, zRpu } from '@luz/shared/contract';
import { apiOf, type Caller, newCaller } from '../rpus/test-helpers';
import { notificationsSettled } from '../testing/notifications';
import { createTestApp, type TestApp } from '../testing/test-app';
import { COUNT_STEP, countCap, DEEP_PAGE_OFFSET } from './pagination';

const SERVICE_POINTS = 2 * COUNT_STEP + 500;

let t: TestApp;
let owner: Caller;
const zRpusPage = zPage(zRpu);

beforeAll(async () => {
  t = await createTestApp();
  owner = await newCaller(t);
  await t.db.query(
    `INSERT INTO rpus (user_id, service_number, alias, alias_search, rpu_status, created_at)
     SELECT $1, lpad(n::text, 12, '0'), 'Sucursal ' || n, 'sucursal ' || n, CASE WHEN n <= 25 THEN 3 ELSE 1 END,
       now() - n * interval '1 second'
     FROM generate_series(1, $2::int) AS n`,
    [owner.user.id, SERVICE_POINTS],
  );
});
afterAll(() => t.close());

const list = async (query: string) => {
  const response = await apiOf(t)('GET', `/rpus/?${query}`, owner.token);
  expect(response.statusCode).toBe(200);
  return zRpusPage.parse(response.json());
};

test('a count stops at the next thousand past the page, and says more rows remain', () => {
  expect(countCap({ page: 1, page_size: 10 })).toBe(1_000);
  expect(countCap({ page: 99, page_size: 10 })).toBe(1_000);
  expect(countCap({ page: 100, page_size: 10 })).toBe(2_000);
  expect(countCap({ page: 3, page_size: 500 })).toBe(2_000);
});

test('the first page of a long list answers "more than 1,000"', async () => {
  const page = await list('page=1&page_size=10');
  expect(page.data).toHaveLength(10);
  expect(page.data[0]?.service_number).toBe('000000000001');
  expect(page).toMatchObject({ count: 1_000, count_capped: true });
});

test('deeper pages count further, and the last ones know the exact total', async () => {
  expect(await list('page=150&page_size=10')).toMatchObject({ count: 2_000, count_capped: true });
  const last = await list('page=250&page_size=10');
  expect(last.data).toHaveLength(10);
  expect(last.count).toBe(SERVICE_POINTS);
  expect(last.count_capped).toBeUndefined();
  expect(await list('page=300&page_size=10')).toEqual({ data: [], count: SERVICE_POINTS });
});

test('a short list, or a filter that leaves few rows, has its exact count and no cap', async () => {
  const filtered = await list('rpu_status=3&page=2&page_size=10');
  expect(filtered.data).toHaveLength(10);
  expect(filtered).toMatchObject({ count: 25 });
  expect(filtered.count_capped).toBeUndefined();
  expect(await list('alias=sucursal%2012&page=1&page_size=500')).toMatchObject({ count: 111 });
});

/** The numbers (1…) of a page's service points: the n-th newest has number n. */
const numbers = (page: { data: { service_number: string }[] }) =>
  page.data.map((rpu) => Number(rpu.service_number));
const from = (first: number, count: number) => Array.from({ length: count }, (_, index) => first + index);

test('pages deep in a list are the rows an OFFSET gives, with the same counts, and see a change at once', async () => {
  expect((60 - 1) * 10).toBeGreaterThanOrEqual(DEEP_PAGE_OFFSET);
  const deep = await list('page=60&page_size=10');
  expect(numbers(deep)).toEqual(from(591, 10));
  expect(deep).toMatchObject({ count: 1_000, count_capped: true });
  // "sucursal 1": 1, 10–19, 100–199 and 1000–1999, newest (smallest) first: 1,111 rows.
  const filtered = await list('alias=sucursal%201&page=60&page_size=10');
  expect(numbers(filtered)).toEqual(from(1_479, 10));
  expect(filtered).toMatchObject({ count: 1_000, count_capped: true });
  const last = await list('alias=sucursal%201&page=12&page_size=100');
  expect(numbers(last)).toEqual(from(1_989, 11));
  expect(last).toEqual(expect.objectContaining({ count: 1_111 }));
  expect(await list('alias=sucursal%201&page=13&page_size=100')).toEqual({ data: [], count: 1_111 });

  // A new service point, the newest, written straight to the database: every page moves by one.
  await t.db.query(
    `INSERT INTO rpus (user_id, service_number, alias, alias_search, rpu_status, created_at)
     VALUES ($1, '999999999999', 'Sucursal 1 nueva', 'sucursal 1 nueva', 1, now())`,
    [owner.user.id],
  );
  await notificationsSettled(t.db);
  expect(numbers(await list('alias=sucursal%201&page=60&page_size=10'))).toEqual(from(1_478, 10));
  expect(await list('alias=sucursal%201&page=13&page_size=100')).toEqual({ data: [], count: 1_112 });
});

import type { Queryable, Row } from '../db/database';
import { listPeriods } from '../periods/service';
import { listRpusAdmin } from '../rpus/admin-service';
import { listRpus } from '../rpus/service';
import { seedUser, tokenFor } from '../testing/fixtures';
import { notificationsSettled } from '../testing/notifications';
import { seedRpu } from '../testing/periods-fixtures';
import { createTestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { EVERY_USER, LIST_COUNT_TTL_MS, ListCounts } from './list-counts';

let database: TestDatabase;
let counts: ListCounts;
let ownerId: string;
let otherId: string;
/** The count queries sent (those carrying the capped count column). */
let countsSent = 0;
/** Pages read by primary key (through a kept order), and the orders read. */
let pagesByKey = 0;
let ordersRead = 0;
let db: Queryable;

beforeAll(async () => {
  database = await createTestDatabase();
  counts = new ListCounts(database.db);
  await counts.start();
  db = {
    query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      if (sql.includes('full_count')) countsSent += 1;
      if (sql.includes('= ANY($1::uuid[])')) pagesByKey += 1;
      if (/^SELECT r\.id AS id /.test(sql.trim())) ordersRead += 1;
      return database.db.query<T>(sql, params);
    },
    exec: (sql: string) => database.db.exec(sql),
  };
  ownerId = (await seedUser(database.db)).id;
  otherId = (await seedUser(database.db)).id;
  for (let index = 0; index < 25; index += 1)
    await seedRpu(database.db, ownerId, { alias: `Sucursal ${index}` });
  await seedRpu(database.db, otherId, { alias: 'Ajena' });
  await settled();
});
afterAll(async () => {
  await counts.stop();
  await database.drop();
});

const page = (number: number) => ({ page: number, page_size: 10 });

const settled = () => notificationsSettled(database.db);

test('a page turn reuses the count of the same list, and a change in the database drops it', async () => {
  countsSent = 0;
  expect((await listRpus(db, ownerId, {}, page(1), counts)).count).toBe(25);
  const second = await listRpus(db, ownerId, {}, page(2), counts);
  expect(second).toMatchObject({ count: 25 });
  expect(second.data).toHaveLength(10);
  expect(countsSent).toBe(1);
  // Another filter is another count.
  expect((await listRpus(db, ownerId, { alias: 'sucursal 1' }, page(1), counts)).count).toBe(11);
  expect(countsSent).toBe(2);

  // A write that bypasses the API's code still reaches the cache: the database announces it.
  await database.db.query('UPDATE rpus SET deleted = true WHERE user_id = $1 AND alias = $2', [
    ownerId,
    'Sucursal 0',
  ]);
  await settled();
  expect((await listRpus(db, ownerId, {}, page(1), counts)).count).toBe(24);
  expect(countsSent).toBe(3);
  await seedRpu(database.db, ownerId, { alias: 'Nueva' });
  await settled();
  expect((await listRpus(db, ownerId, {}, page(1), counts)).count).toBe(25);
  expect(countsSent).toBe(4);
});

test("one user's change keeps other users' counts, and drops the superuser's", async () => {
  await listRpus(db, ownerId, {}, page(1), counts);
  await listRpusAdmin(db, {}, page(1), counts);
  await settled();
  countsSent = 0;
  await seedRpu(database.db, otherId, { alias: 'Otra ajena' });
  await settled();
  expect((await listRpus(db, ownerId, {}, page(1), counts)).count).toBe(25);
  expect(countsSent).toBe(0);
  const admin = await listRpusAdmin(db, {}, page(1), counts);
  // Deleted service points included: 26 of the owner, 2 of the other user.
  expect(admin.count).toBe(28);
  expect(countsSent).toBe(1);
});

test('the periods list keeps its count too, dropped by a new period', async () => {
  const [rpu] = (await listRpus(db, ownerId, {}, page(1), counts)).data;
  if (!rpu) throw new Error('no service point');
  const insertPeriod = (month: number) =>
    database.db.query(
      `INSERT INTO periods (user_id, rpu_id, initial_date, final_date, amount, consumption_kwh, tariff)
       VALUES ($1, $2, make_date(2024, $3, 1), make_date(2024, $3, 28), 100, 10, 'PDBT')`,
      [ownerId, rpu.id, month],
    );
  for (let month = 1; month <= 3; month += 1) await insertPeriod(month);
  await settled();
  countsSent = 0;
  expect((await listPeriods(db, ownerId, {}, { page: 1, page_size: 2 }, counts)).count).toBe(3);
  expect((await listPeriods(db, ownerId, {}, { page: 1, page_size: 2 }, counts)).count).toBe(3);
  expect(countsSent).toBe(1);
  await insertPeriod(4);
  await settled();
  expect((await listPeriods(db, ownerId, {}, { page: 1, page_size: 2 }, counts)).count).toBe(4);
  expect(countsSent).toBe(2);
});

test('a page deep in a list is a slice of its kept order: the rows an OFFSET gives, read by key', async () => {
  const deepOwner = (await seedUser(database.db)).id;
  await database.db.query(
    `INSERT INTO rpus (user_id, service_number, alias, alias_search, rpu_status, created_at)
     SELECT $1, lpad(n::text, 12, '0'), 'Planta ' || n, 'planta ' || n, 1, now() - n * interval '1 second'
     FROM generate_series(1, 700) AS n`,
    [deepOwner],
  );
  await settled();
  const offsetPage = async (offset: number) =>
    (
      await database.db.query<{ id: string }>(
        `SELECT r.id FROM rpus r WHERE r.user_id = $1 AND NOT r.deleted
         ORDER BY r.created_at DESC, r.service_number, r.id LIMIT 10 OFFSET $2`,
        [deepOwner, offset],
      )
    ).rows.map((row) => row.id);
  pagesByKey = 0;
  ordersRead = 0;
  for (const number of [60, 61, 70]) {
    const listed = await listRpus(db, deepOwner, {}, page(number), counts);
    expect(listed.data.map((rpu) => rpu.id)).toEqual(await offsetPage((number - 1) * 10));
    expect(listed).toEqual(expect.objectContaining({ count: 700 }));
  }
  expect(await listRpus(db, deepOwner, {}, page(71), counts)).toEqual({ data: [], count: 700 });
  // One read of the order served the four pages; the empty one needed no read at all.
  expect({ ordersRead, pagesByKey }).toEqual({ ordersRead: 1, pagesByKey: 3 });
  // The first pages are read as before, with OFFSET.
  await listRpus(db, deepOwner, {}, page(2), counts);
  expect({ ordersRead, pagesByKey }).toEqual({ ordersRead: 1, pagesByKey: 3 });
});

test('a kept count answers pages it covers, exactly or as "more than"', () => {
  const cache = new ListCounts(database.db);
  // Nothing is kept until it listens.
  cache.keep('u', 'k', 10, 1_000, cache.mark());
  expect(cache.get('u', 'k', 1_000)).toBeNull();
  // A count begun before a change is not kept.
  const mark = counts.mark();
  counts.forget('someone');
  counts.keep('u', 'stale', 10, 1_000, mark);
  expect(counts.get('u', 'stale', 1_000)).toBeNull();

  counts.keep('u', 'exact', 1_500, 2_000, counts.mark());
  expect(counts.get('u', 'exact', 1_000)).toEqual({ count: 1_000, count_capped: true });
  expect(counts.get('u', 'exact', 3_000)).toEqual({ count: 1_500 });
  counts.keep(EVERY_USER, 'capped', 1_001, 1_000, counts.mark());
  expect(counts.get(EVERY_USER, 'capped', 1_000)).toEqual({ count: 1_000, count_capped: true });
  // Past what it counted, a capped count cannot tell: the page counts again.
  expect(counts.get(EVERY_USER, 'capped', 2_000)).toBeNull();
});

test("an answer made while a change happened is not kept; a change drops its scope and every user's", () => {
  const mark = counts.mark();
  counts.forget('someone');
  counts.keepAnswer('u', 'stale', Buffer.from('{"data":[],"count":0}'), mark);
  expect(counts.answer('u', 'stale')).toBeNull();
  for (const scope of ['u', 'v', EVERY_USER])
    counts.keepAnswer(scope, 'k', Buffer.from(`{"${scope}":1}`), counts.mark());
  expect(counts.answer('u', 'k')?.toString()).toBe('{"u":1}');
  counts.forget('u');
  expect(counts.answer('u', 'k')).toBeNull();
  expect(counts.answer(EVERY_USER, 'k')).toBeNull();
  expect(counts.answer('v', 'k')?.toString()).toBe('{"v":1}');
});

test('answers are kept 10 s at most, and a few megabytes in all (the oldest scope leaves first)', async () => {
  let clock = 0;
  const cache = new ListCounts(database.db, () => clock);
  await cache.start();
  try {
    cache.keepAnswer('u', 'k', Buffer.from('{}'), cache.mark());
    clock = LIST_COUNT_TTL_MS - 1;
    expect(cache.answer('u', 'k')?.toString()).toBe('{}');
    clock = LIST_COUNT_TTL_MS;
    expect(cache.answer('u', 'k')).toBeNull();
    const big = Buffer.alloc(3_000_000, 'x');
    cache.keepAnswer('old', 'k', big, cache.mark());
    cache.keepAnswer('new', 'k', big, cache.mark());
    expect(cache.answer('old', 'k')).toBeNull();
    expect(cache.answer('new', 'k')).toBe(big);
  } finally {
    await cache.stop();
  }
});

test('over HTTP the lists keep their counts while the app runs, and see a change at once', async () => {
  let sent = 0;
  const inner = database.db;
  const watched: TestDatabase = {
    ...database,
    db: {
      ...inner,
      query<T extends Row>(sql: string, params: readonly unknown[] = []) {
        if (sql.includes('full_count')) sent += 1;
        return inner.query<T>(sql, params);
      },
    },
  };
  const t = await createTestApp({ database: watched });
  try {
    const token = await tokenFor(t.config, t.db, ownerId);
    const list = async (path: string) => {
      const response = await t.app.inject({ url: path, headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(200);
      return response.json() as { count: number };
    };
    const before = (await list('/api/v1/rpus/?page=1&page_size=10')).count;
    expect((await list('/api/v1/rpus/?page=2&page_size=10')).count).toBe(before);
    await list('/api/v1/periods/all?page=1&page_size=2');
    await list('/api/v1/periods/all?page=1&page_size=2');
    expect(sent).toBe(2);
    await seedRpu(database.db, ownerId, { alias: 'Otra más' });
    await settled();
    expect((await list('/api/v1/rpus/?page=2&page_size=10')).count).toBe(before + 1);
    expect(sent).toBe(3);
  } finally {
    await t.app.close();
  }
});

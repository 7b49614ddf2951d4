import { randomUUID } from 'node:crypto';
import type { Queryable, Row } from '../db/database';
import { listPeriods } from '../periods/service';
import { listRpusAdmin } from '../rpus/admin-service';
import { listRpus } from '../rpus/service';
import { seedUser, tokenFor } from '../testing/fixtures';
import { seedRpu } from '../testing/periods-fixtures';
import { createTestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { EVERY_USER, ListCounts } from './list-counts';

let database: TestDatabase;
let counts: ListCounts;
let ownerId: string;
let otherId: string;
/** The count queries sent (those carrying the capped count column). */
let countsSent = 0;
/** Every query sent through `db`. */
let queriesSent = 0;
let db: Queryable;

beforeAll(async () => {
  database = await createTestDatabase();
  counts = new ListCounts(database.db);
  await counts.start();
  db = {
    query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      if (sql.includes('full_count')) countsSent += 1;
      queriesSent += 1;
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

/**
 * Waits until every notification sent so far reached this process's listener too: on PostgreSQL
 * it hears this process's own changes again, a little later, and drops the counts once more.
 */
async function settled() {
  const marker = randomUUID();
  let heard: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    heard = resolve;
  });
  const stop = await database.db.listen('luz_test_settled', (payload) => {
    if (payload === marker) heard();
  });
  await database.db.notify('luz_test_settled', marker);
  await arrived;
  await stop();
}

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

test('the same page asked again is answered from memory until its rows change', async () => {
  const first = await listRpus(db, ownerId, { alias: 'sucursal' }, page(2), counts);
  queriesSent = 0;
  expect(await listRpus(db, ownerId, { alias: 'sucursal' }, page(2), counts)).toEqual(first);
  expect(queriesSent).toBe(0);
  // Another window of the same query is another page.
  await listRpus(db, ownerId, { alias: 'sucursal' }, { page: 1, page_size: 5 }, counts);
  expect(queriesSent).toBe(1);

  // A write to one of its rows drops it, whoever wrote it.
  await database.db.query('UPDATE rpus SET alias = $1 WHERE user_id = $2 AND alias = $3', [
    'Sucursal renombrada',
    ownerId,
    'Sucursal 3',
  ]);
  await settled();
  const again = await listRpus(db, ownerId, { alias: 'sucursal' }, page(2), counts);
  expect(queriesSent).toBe(2);
  expect(again.data.map((rpu) => rpu.alias)).toEqual(
    (await listRpus(db, ownerId, { alias: 'sucursal' }, page(2))).data.map((rpu) => rpu.alias),
  );
});

test('requests for the same page while it is read share that read; after a change they read again', async () => {
  counts.forget(ownerId);
  queriesSent = 0;
  const [one, two] = await Promise.all([
    listRpus(db, ownerId, {}, page(2), counts),
    listRpus(db, ownerId, {}, page(2), counts),
  ]);
  expect(two).toEqual(one);
  expect(queriesSent).toBe(1);
  counts.forget(ownerId);
  const reading = listRpus(db, ownerId, {}, page(3), counts);
  counts.forget(ownerId);
  await Promise.all([reading, listRpus(db, ownerId, {}, page(3), counts)]);
  expect(queriesSent).toBe(3);
});

test('a page read while a change happened is not kept', async () => {
  const mark = counts.mark();
  counts.forget('someone');
  counts.keepPage('u', 'stale', { data: [1], count: 1 }, mark);
  expect(counts.page('u', 'stale')).toBeNull();
  counts.keepPage('u', 'fresh', { data: [1], count: 1 }, counts.mark());
  expect(counts.page('u', 'fresh')).toEqual({ data: [1], count: 1 });
  counts.forget('u');
  expect(counts.page('u', 'fresh')).toBeNull();
});

test('a periods page is dropped when one of its documents changes (has_pdf, has_xml)', async () => {
  const [rpu] = (await listRpus(db, ownerId, {}, page(1))).data;
  if (!rpu) throw new Error('no service point');
  const { rows } = await database.db.query<{ id: string }>(
    `INSERT INTO periods (user_id, rpu_id, initial_date, final_date, amount, consumption_kwh, tariff)
     VALUES ($1, $2, '2023-01-01', '2023-01-31', 100, 10, 'PDBT') RETURNING id`,
    [ownerId, rpu.id],
  );
  const periodId = (rows[0] as { id: string }).id;
  await settled();
  const withoutPdf = await listPeriods(db, ownerId, { rpu_id: rpu.id }, page(1), counts);
  expect(withoutPdf.data.find((period) => period.period_id === periodId)?.has_pdf).toBe(false);
  await database.db.query(
    `INSERT INTO documents (user_id, rpu_id, period_id, kind, file_name, storage_key, content_type, size_bytes, sha256)
     VALUES ($1, $2, $3, 'pdf', 'recibo.pdf', $4, 'application/pdf', 3, 'x')`,
    [ownerId, rpu.id, periodId, `test/${periodId}.pdf`],
  );
  await settled();
  const withPdf = await listPeriods(db, ownerId, { rpu_id: rpu.id }, page(1), counts);
  expect(withPdf.data.find((period) => period.period_id === periodId)?.has_pdf).toBe(true);
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

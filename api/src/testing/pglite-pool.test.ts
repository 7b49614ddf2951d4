// PGlite only: the jest worker's reused databases (pglite-pool.ts, decision 178). A test file must
// find the one an earlier file closed exactly as the template left it, and see its rows as values
// of its own realm.
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from './test-database';

/** Closes `first` and opens the next database, which the pool hands back emptied. */
async function reopen(first: TestDatabase): Promise<TestDatabase> {
  await first.drop();
  return createTestDatabase();
}

/**
 * Marks the database with a file in PGlite's memory file system, which emptying leaves alone: the
 * next database is the same one again only if it finds the mark.
 */
async function mark(database: TestDatabase): Promise<string> {
  const mark = `mark-${randomUUID()}`;
  await database.db.exec(`COPY (SELECT '${mark}') TO '/tmp/${mark}'`);
  return mark;
}

const isMarked = async (database: TestDatabase, mark: string) =>
  (await database.db.query<{ text: string | null }>(`SELECT pg_read_file('/tmp/${mark}', true) AS text`))
    .rows[0]?.text === `${mark}\n`;

const counts = async (database: TestDatabase) =>
  (
    await database.db.query<{ users: number; queues: number; migrations: number; statistics: number }>(
      `SELECT (SELECT count(*)::int FROM users) AS users,
              (SELECT count(*)::int FROM pgboss.queue) AS queues,
              (SELECT count(*)::int FROM schema_migrations) AS migrations,
              (SELECT count(*)::int FROM pg_statistic WHERE starelid = 'users'::regclass) AS statistics`,
    )
  ).rows[0];

const insertUser = (database: TestDatabase, email: string) =>
  database.db.query(`INSERT INTO users (email, hashed_password, full_name) VALUES ($1, 'x', 'Ana')`, [email]);

test('the next file gets the database emptied: rows gone, seeds back, session state forgotten', async () => {
  let database = await createTestDatabase();
  const template = await counts(database);
  expect(template).toMatchObject({ users: 0, statistics: 0 });
  expect(template?.queues).toBeGreaterThan(0);
  expect(template?.migrations).toBeGreaterThan(0);

  await insertUser(database, 'ana@example.com');
  await database.db.exec(`DELETE FROM pgboss.queue; SET statement_timeout = '1234ms'`);
  await database.db.exec('SELECT pg_advisory_lock(74)');
  const heard: string[] = [];
  await database.db.listen('pool_test', (payload) => heard.push(payload));
  const closed = await mark(database);

  database = await reopen(database);
  try {
    expect(await isMarked(database, closed)).toBe(true);
    expect(await counts(database)).toEqual(template);
    const { rows } = await database.db.query<{ timeout: string; locks: number }>(
      `SELECT current_setting('statement_timeout') AS timeout,
              (SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory') AS locks`,
    );
    expect(rows[0]).toEqual({ timeout: '0', locks: 0 });
    // The earlier file's listener no longer hears the channel.
    await database.db.notify('pool_test', 'later');
    expect(heard).toEqual([]);
    // The same address again: a unique index left with the earlier row would refuse it.
    await insertUser(database, 'ana@example.com');
  } finally {
    await database.drop();
  }
});

test('what ANALYZE learnt of the earlier rows is forgotten', async () => {
  let database = await createTestDatabase();
  await insertUser(database, 'ana@example.com');
  await database.db.exec('ANALYZE users');
  expect((await counts(database))?.statistics).toBeGreaterThan(0);
  const closed = await mark(database);

  database = await reopen(database);
  try {
    expect(await isMarked(database, closed)).toBe(true);
    expect((await counts(database))?.statistics).toBe(0);
  } finally {
    await database.drop();
  }
});

test('a database whose schema a file changed is not reused', async () => {
  let database = await createTestDatabase();
  await database.db.exec('ALTER TABLE users ADD COLUMN left_by_a_test text');
  const closed = await mark(database);

  database = await reopen(database);
  try {
    expect(await isMarked(database, closed)).toBe(false);
    const { rows } = await database.db.query(
      `SELECT 1 FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'left_by_a_test'`,
    );
    expect(rows).toEqual([]);
  } finally {
    await database.drop();
  }
});

test("values cross between the worker's realm and the file's as the file's own", async () => {
  const database = await createTestDatabase();
  try {
    const since = new Date('2026-01-02T03:04:05.678Z');
    const { rows } = await database.db.query<{ at: Date; bytes: Uint8Array; json: { list: number[] } }>(
      `SELECT $1::timestamptz AS at, $2::bytea AS bytes, '{"list": [1, 2]}'::jsonb AS json`,
      [since, new Uint8Array([1, 2, 3])],
    );
    const [row] = rows;
    expect(row?.at).toBeInstanceOf(Date);
    expect(row?.at.toISOString()).toBe(since.toISOString());
    expect(row?.bytes).toBeInstanceOf(Uint8Array);
    expect([...(row?.bytes ?? [])]).toEqual([1, 2, 3]);
    expect(row?.json.list).toBeInstanceOf(Array);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(rows).toStrictEqual([{ at: since, bytes: new Uint8Array([1, 2, 3]), json: { list: [1, 2] } }]);
  } finally {
    await database.drop();
  }
});

import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../testing/test-database';
import { waitFor } from '../testing/wait-for';
import { isUniqueViolation, MAX_NOTIFY_PAYLOAD_BYTES } from './database';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ migrated: false });
  await t.db.exec(`
    CREATE TABLE items (id serial PRIMARY KEY, name text NOT NULL UNIQUE);
    CREATE TABLE counters (id int PRIMARY KEY, value int NOT NULL);
    INSERT INTO counters VALUES (1, 0);
  `);
});
afterAll(() => t.drop());

test('query takes parameters and reports rows and row counts', async () => {
  const inserted = await t.db.query<{ id: number }>(
    'INSERT INTO items (name) VALUES ($1), ($2) RETURNING id',
    ['uno', 'dos'],
  );
  expect(inserted.rows).toHaveLength(2);
  const updated = await t.db.query("UPDATE items SET name = name || '!' WHERE name = ANY($1)", [
    ['uno', 'dos'],
  ]);
  expect(updated.rowCount).toBe(2);
  const selected = await t.db.query<{ name: string }>('SELECT name FROM items ORDER BY id');
  expect(selected.rows.map((row) => row.name)).toEqual(['uno!', 'dos!']);
  expect(selected.rowCount).toBe(2);
});

test('exec runs several statements and answers the last one', async () => {
  const result = await t.db.exec(
    'CREATE TEMP TABLE scratch (n int); INSERT INTO scratch VALUES (1), (2); SELECT sum(n)::int AS total FROM scratch;',
  );
  expect(result.rows).toEqual([{ total: 3 }]);
  await t.db.exec('DROP TABLE scratch');
});

test('a transaction commits as a whole or not at all', async () => {
  await expect(
    t.db.transaction(async (tx) => {
      await tx.query('INSERT INTO items (name) VALUES ($1)', ['tres']);
      throw new Error('falla a la mitad');
    }),
  ).rejects.toThrow('falla a la mitad');
  expect((await t.db.query('SELECT 1 FROM items WHERE name = $1', ['tres'])).rows).toHaveLength(0);

  const value = await t.db.transaction(async (tx) => {
    await tx.query('INSERT INTO items (name) VALUES ($1)', ['tres']);
    return 'hecho';
  });
  expect(value).toBe('hecho');
  expect((await t.db.query('SELECT 1 FROM items WHERE name = $1', ['tres'])).rows).toHaveLength(1);
});

test('concurrent read-modify-write transactions do not lose updates', async () => {
  // FOR UPDATE is what PostgreSQL needs; PGlite serialises whole transactions anyway.
  await Promise.all(
    Array.from({ length: 10 }, () =>
      t.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ value: number }>(
          'SELECT value FROM counters WHERE id = 1 FOR UPDATE',
        );
        // Let the other transactions run up to here before this one writes.
        await new Promise((resolve) => setImmediate(resolve));
        await tx.query('UPDATE counters SET value = $1 WHERE id = 1', [(rows[0]?.value ?? 0) + 1]);
      }),
    ),
  );
  expect((await t.db.query('SELECT value FROM counters WHERE id = 1')).rows).toEqual([{ value: 10 }]);
});

test('unique violations are recognised, by constraint too', async () => {
  const error = await t.db
    .query('INSERT INTO items (name) VALUES ($1)', ['tres'])
    .catch((caught: unknown) => caught);
  expect(isUniqueViolation(error)).toBe(true);
  expect(isUniqueViolation(error, 'items_name_key')).toBe(true);
  expect(isUniqueViolation(error, 'otro')).toBe(false);
  expect(isUniqueViolation(new Error('x'))).toBe(false);
});

/** Listens on `channel` (resolved once listening); `next` is the first payload to arrive. */
async function listenOnce(channel: string) {
  let received: (payload: string) => void = () => {};
  const next = new Promise<string>((resolve) => {
    received = resolve;
  });
  const stop = await t.db.listen(channel, (payload) => received(payload));
  return { next, stop };
}

test('listen receives what notify sends; unlisten stops it', async () => {
  const received: string[] = [];
  const stop = await t.db.listen('luz_test', (payload) => received.push(payload));
  await t.db.notify('luz_test', 'hola');
  await waitFor(() => received.length === 1);
  expect(received).toEqual(['hola']);
  await stop();
  // Another listener of the channel hears the next one: the stopped one would have heard it too.
  const witness = await listenOnce('luz_test');
  await t.db.notify('luz_test', 'ya no');
  expect(await witness.next).toBe('ya no');
  expect(received).toEqual(['hola']);
  await witness.stop();
});

test('a notify inside a transaction is delivered on commit only', async () => {
  const received: string[] = [];
  const stop = await t.db.listen('luz_tx', (payload) => received.push(payload));
  await t.db
    .transaction(async (tx) => {
      await t.db.notify('luz_tx', 'revertido', tx);
      throw new Error('rollback');
    })
    .catch(() => undefined);
  await t.db.transaction((tx) => t.db.notify('luz_tx', 'confirmado', tx));
  // Notifications arrive in commit order: the rolled-back one, had it been sent, would be first.
  await waitFor(() => received.includes('confirmado'));
  expect(received).toEqual(['confirmado']);
  await stop();
});

test('notify refuses payloads beyond PostgreSQL limit and odd channel names', async () => {
  await expect(t.db.notify('luz_test', 'x'.repeat(MAX_NOTIFY_PAYLOAD_BYTES + 1))).rejects.toThrow(
    /too large/,
  );
  await expect(t.db.notify('Robert"); DROP TABLE items;--', 'x')).rejects.toThrow(
    /Invalid notification channel/,
  );
  const big = await listenOnce('luz_big');
  await t.db.notify('luz_big', 'ñ'.repeat(Math.floor(MAX_NOTIFY_PAYLOAD_BYTES / 2)));
  expect(await big.next).toHaveLength(Math.floor(MAX_NOTIFY_PAYLOAD_BYTES / 2));
  await big.stop();
});

const postgresOnly = testDatabaseKind() === 'postgres' ? test : test.skip;

postgresOnly('the LISTEN connection comes back after the server drops it', async () => {
  const received: string[] = [];
  const errors: string[] = [];
  const { openPostgres } = await import('./postgres');
  const db = openPostgres(t.url as string, { onConnectionError: (error) => errors.push(error.message) });
  try {
    const stop = await db.listen('luz_resilient', (payload) => received.push(payload));
    const listening = async () =>
      (
        await t.db.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'",
        )
      ).rows.map((row) => row.pid);
    const dropped = await listening();
    await t.db.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [dropped]);
    await waitFor(() => errors.length > 0);
    // Listening again on a new connection: from now on every notification reaches it.
    await waitFor(async () => (await listening()).some((pid) => !dropped.includes(pid)));
    await t.db.notify('luz_resilient', 'de vuelta');
    await waitFor(() => received.includes('de vuelta'));
    expect(received).toEqual(['de vuelta']);
    await stop();
  } finally {
    await db.close();
  }
});

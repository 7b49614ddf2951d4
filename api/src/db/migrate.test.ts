import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { assertOrdered, migrate } from './migrate';
import { migrations } from './migrations';

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase({ migrated: false });
});
afterEach(() => t.drop());

test('applies every migration once, records it, and is a no-op the second time', async () => {
  expect(await migrate(t.db)).toEqual(migrations.map((migration) => migration.version));
  expect(await migrate(t.db)).toEqual([]);
  const { rows } = await t.db.query<{ version: number; name: string }>(
    'SELECT version, name FROM schema_migrations ORDER BY version',
  );
  expect(rows).toEqual(migrations.map(({ version, name }) => ({ version, name })));
  const tables = await t.db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
  );
  expect(tables.rows.map((row) => row.table_name)).toEqual(
    expect.arrayContaining([
      'users',
      'password_reset_tokens',
      'credentials',
      'rpus',
      'tasks',
      'webhooks',
      'schema_migrations',
    ]),
  );
});

test('processes migrating at the same time apply each migration exactly once', async () => {
  const second = t.url ? await openSecondConnection(t.url) : null;
  const results = await Promise.all([migrate(t.db), migrate(second ?? t.db), migrate(t.db)]);
  await second?.close();
  expect(results.flat().sort((a, b) => a - b)).toEqual(migrations.map((migration) => migration.version));
});

test('a failing migration leaves the database at the previous version', async () => {
  const broken = [
    ...migrations,
    { version: 900, name: 'half', up: 'CREATE TABLE half_done (id int); SELECT * FROM no_such_table;' },
  ];
  await expect(migrate(t.db, broken)).rejects.toThrow(/no_such_table/);
  const recorded = await t.db.query('SELECT 1 FROM schema_migrations WHERE version = 900');
  expect(recorded.rows).toHaveLength(0);
  const table = await t.db.query("SELECT to_regclass('public.half_done') AS name");
  expect(table.rows).toEqual([{ name: null }]);
});

test('migrations must be listed in increasing order', () => {
  expect(() =>
    assertOrdered([
      { version: 2, name: 'b', up: '' },
      { version: 1, name: 'a', up: '' },
    ]),
  ).toThrow(/increasing/);
});

async function openSecondConnection(url: string) {
  const { openPostgres } = await import('./postgres');
  return openPostgres(url, { maxConnections: 2 });
}

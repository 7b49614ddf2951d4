import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../testing/test-database';
import { refreshStaleStatistics } from './statistics';

// PGlite has no autovacuum: after a big import its planner would go on believing the table empty.
// (On PostgreSQL autovacuum does this, and other sessions' counters arrive when they flush them.)
const onPGlite = testDatabaseKind() === 'pglite';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ migrated: false });
});
afterAll(() => t.drop());

(onPGlite ? test : test.skip)(
  'a table changed by more than a tenth is vacuumed and analysed, once',
  async () => {
    await t.db.exec('CREATE TABLE imported (n int PRIMARY KEY, alias text)');
    await refreshStaleStatistics(t.db);
    await t.db.query("INSERT INTO imported SELECT n, 'Sucursal ' || n FROM generate_series(1, 5000) AS n");
    await t.db.query('DELETE FROM imported WHERE n <= 1000');
    const estimate = () =>
      t.db.query<{ reltuples: number }>("SELECT reltuples FROM pg_class WHERE relname = 'imported'");
    expect((await estimate()).rows[0]?.reltuples).toBeLessThan(1);

    expect(await refreshStaleStatistics(t.db)).toEqual(['"public"."imported"']);
    expect((await estimate()).rows[0]?.reltuples).toBe(4000);
    expect(await refreshStaleStatistics(t.db)).toEqual([]);
  },
);

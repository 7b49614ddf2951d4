// Every list, with each filter it offers, at 100,000 service points (issue 17): the queries the
// services really send are run again under EXPLAIN ANALYZE, and no step of their plans may read a
// large share of a big table. A missing index, or a count that counts everything again, shows up
// as a scan of the whole table and fails here, whatever the machine's speed.
//
// PostgreSQL only: seeding 100,000 service points into PGlite inside
// a test run would take minutes; PGlite runs the same planner on the same indexes.
import type { PageQuery } from '@luz/shared/contract';
import { listCredentials } from '../credentials/service';
import type { Queryable, Row } from '../db/database';
import { listPayments } from '../payment-history/service';
import { listPeriods } from '../periods/service';
import { listRpusAdmin } from '../rpus/admin-service';
import { listRpus } from '../rpus/service';
import { listTaskAssociations, listTaskLogs, listTasks } from '../tasks/service';
import { type ScaleAccount, seedScale } from '../testing/scale-fixtures';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../testing/test-database';
import { listUsers } from '../users/service';
import { listDeliveries, listWebhooks } from '../webhooks/service';
import { ListCounts } from './list-counts';

const SERVICE_POINTS = 100_000;

/** Tables that grow with the service points; `users` and `credentials` stay small. */
const bigTables = new Set([
  'rpus',
  'periods',
  'documents',
  'payment_history',
  'tasks',
  'task_associations',
  'task_association_periods',
  'webhook_deliveries',
]);

/**
 * The most rows one step of a plan may read from a big table: a few pages and a capped count
 * (COUNT_STEP) with room to spare, and far below the whole table that a missing index reads.
 */
const MAX_ROWS_READ = 20_000;

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
};

type Recorded = { sql: string; params: readonly unknown[] };

/** The database as a service sees it, writing down every read it sends. */
function recording(db: Queryable): { db: Queryable; queries: Recorded[] } {
  const queries: Recorded[] = [];
  return {
    queries,
    db: {
      query<T extends Row>(sql: string, params: readonly unknown[] = []) {
        if (/^\s*(SELECT|WITH)\b/i.test(sql)) queries.push({ sql, params });
        return db.query<T>(sql, params);
      },
      exec: (sql: string) => db.exec(sql),
    },
  };
}

/** Each step that reads a big table, with the rows it read (returned and discarded, every loop). */
function bigTableReads(node: PlanNode, found: { step: string; rows: number }[] = []) {
  const table = node['Relation Name'];
  if (table && bigTables.has(table)) {
    const perLoop =
      node['Actual Rows'] +
      (node['Rows Removed by Filter'] ?? 0) +
      (node['Rows Removed by Index Recheck'] ?? 0);
    found.push({
      step: `${node['Node Type']} on ${table}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}`,
      rows: perLoop * node['Actual Loops'],
    });
  }
  for (const child of node.Plans ?? []) bigTableReads(child, found);
  return found;
}

const onPostgres = testDatabaseKind() === 'postgres';

(onPostgres ? describe : describe.skip)(
  `lists at ${SERVICE_POINTS.toLocaleString('en')} service points`,
  () => {
    let database: TestDatabase;
    let account: ScaleAccount;
    let counts: ListCounts;
    let ids: { rpuId: string; taskId: string; associationId: string; credentialId: string };

    beforeAll(async () => {
      database = await createTestDatabase();
      account = await seedScale(database.db, { servicePoints: SERVICE_POINTS });
      counts = new ListCounts(database.db);
      await counts.start();
      const { rows } = await database.db.query<{
        rpu_id: string;
        task_id: string;
        id: string;
        credential_id: string;
      }>(
        // Of a service point still there: the seed soft-deletes one in 101, and the associations
        // share one creation time, so the first by id was a deleted one about once in 100 runs.
        `SELECT a.rpu_id, a.task_id, a.id, a.credential_id FROM task_associations a
       JOIN rpus r ON r.id = a.rpu_id AND NOT r.deleted
       WHERE a.user_id = $1 AND a.credential_id IS NOT NULL ORDER BY a.created_at, a.id LIMIT 1`,
        [account.owner.id],
      );
      const row = rows[0];
      if (!row) throw new Error('The scale seed left no task');
      ids = {
        rpuId: row.rpu_id,
        taskId: row.task_id,
        associationId: row.id,
        credentialId: row.credential_id,
      };
    }, 600_000);
    afterAll(async () => {
      await counts?.stop();
      await database?.drop();
    });

    const first: PageQuery = { page: 1, page_size: 10 };
    const tenth: PageQuery = { page: 10, page_size: 10 };
    const deep: PageQuery = { page: 150, page_size: 10 };

    type Case = [string, (db: Queryable) => Promise<unknown>];
    const owner = () => account.owner.id;
    const superuser = () => ({ id: account.superuser.id, isSuperuser: true });
    const ownerViewer = () => ({ id: account.owner.id, isSuperuser: false });
    const logs = { time_zone: 'America/Mexico_City' };

    const cases: Case[] = [
      ['own service points', (db) => listRpus(db, owner(), {}, first)],
      ['own service points, page 150', (db) => listRpus(db, owner(), {}, deep)],
      [
        'own service points by alias and status, page 10',
        (db) => listRpus(db, owner(), { alias: 'norte', rpu_status: 1 }, tenth),
      ],
      ['own service points by a rare alias', (db) => listRpus(db, owner(), { alias: 'sierra 4711' }, first)],
      [
        'own service points by an alias nobody has',
        (db) => listRpus(db, owner(), { alias: 'xochimilco' }, first),
      ],
      [
        'own service points by service number',
        (db) => listRpus(db, owner(), { service_number: '1000000071' }, first),
      ],
      [
        'own service points by credential',
        (db) => listRpus(db, owner(), { credential_id: ids.credentialId }, first),
      ],
      ['own service points by portal user', (db) => listRpus(db, owner(), { cfe_user: 'usuario_7' }, first)],
      [
        'own service points without credential',
        (db) => listRpus(db, owner(), { with_credential: false }, first),
      ],
      ['own service points with credential', (db) => listRpus(db, owner(), { with_credential: true }, first)],
      ['own service points in a rare status', (db) => listRpus(db, owner(), { rpu_status: 4 }, first)],
      ['own service points with autofetch', (db) => listRpus(db, owner(), { with_autofetch: true }, first)],
      [
        'own service points without autofetch',
        (db) => listRpus(db, owner(), { with_autofetch: false }, first),
      ],
      [
        'own service points with e-mail notices',
        (db) => listRpus(db, owner(), { send_email_notifications: true }, first),
      ],
      [
        'own service points without e-mail notices',
        (db) => listRpus(db, owner(), { send_email_notifications: false }, first),
      ],
      [
        'own service points by alias and status, page 11 with the count kept from page 10',
        async (db) => {
          await listRpus(db, owner(), { alias: 'norte', rpu_status: 1 }, tenth, counts);
          return listRpus(
            db,
            owner(),
            { alias: 'norte', rpu_status: 1 },
            { page: 11, page_size: 10 },
            counts,
          );
        },
      ],
      ['all service points (superuser)', (db) => listRpusAdmin(db, {}, first)],
      ['all service points by alias (superuser)', (db) => listRpusAdmin(db, { alias: 'norte 8' }, first)],
      ['all service points of a user (superuser)', (db) => listRpusAdmin(db, { user_id: owner() }, tenth)],
      ['all service points by e-mail (superuser)', (db) => listRpusAdmin(db, { email: 'grande@' }, first)],
      [
        'all service points by company (superuser)',
        (db) => listRpusAdmin(db, { company_name: 'grande' }, first),
      ],
      ['deleted service points (superuser)', (db) => listRpusAdmin(db, { deleted: true }, first)],
      ['duplicated service points (superuser)', (db) => listRpusAdmin(db, { duplicated: true }, first)],
      ['service points with UNS (superuser)', (db) => listRpusAdmin(db, { has_uns: true }, first)],
      [
        'service points by number (superuser)',
        (db) => listRpusAdmin(db, { service_number: '2000000' }, first),
      ],
      ['periods', (db) => listPeriods(db, owner(), {}, first)],
      ['periods, page 150', (db) => listPeriods(db, owner(), {}, deep)],
      [
        'periods, page 11 with the count kept from page 10',
        async (db) => {
          await listPeriods(db, owner(), {}, tenth, counts);
          return listPeriods(db, owner(), {}, { page: 11, page_size: 10 }, counts);
        },
      ],
      ['periods of a service point', (db) => listPeriods(db, owner(), { rpu_id: ids.rpuId }, first)],
      [
        'periods of a credential',
        (db) => listPeriods(db, owner(), { credential_id: ids.credentialId }, first),
      ],
      [
        'periods in a date range',
        (db) => listPeriods(db, owner(), { initial_date: '2025-01-01', final_date: '2025-03-31' }, first),
      ],
      [
        'periods of a task step',
        (db) => listPeriods(db, owner(), { task_association_id: ids.associationId }, first),
      ],
      ['tasks', (db) => listTasks(db, owner(), undefined, first)],
      ['tasks of two types', (db) => listTasks(db, owner(), [1, 3], tenth)],
      ['steps of a task', (db) => listTaskAssociations(db, owner(), ids.taskId, first)],
      ['own logs', (db) => listTaskLogs(db, ownerViewer(), logs, first)],
      [
        'own logs by service number',
        (db) => listTaskLogs(db, ownerViewer(), { ...logs, service_number: '000004711' }, first),
      ],
      ['own logs by alias', (db) => listTaskLogs(db, ownerViewer(), { ...logs, alias: 'bajio 4711' }, first)],
      [
        'own logs with a failed step',
        (db) => listTaskLogs(db, ownerViewer(), { ...logs, contains_task_status: 3 }, first),
      ],
      [
        'own logs of one type, reviewed',
        (db) => listTaskLogs(db, ownerViewer(), { ...logs, task_type: 2, reviewed: false }, first),
      ],
      [
        'own logs in a date range',
        (db) =>
          listTaskLogs(
            db,
            ownerViewer(),
            { ...logs, initial_date: '2020-01-01', final_date: '2099-12-31' },
            first,
          ),
      ],
      ['all logs (superuser)', (db) => listTaskLogs(db, superuser(), logs, first)],
      [
        'all logs by e-mail (superuser)',
        (db) => listTaskLogs(db, superuser(), { ...logs, user_email: 'grande' }, first),
      ],
      [
        'all logs by company (superuser)',
        (db) => listTaskLogs(db, superuser(), { ...logs, user_company_name: 'corporativo' }, first),
      ],
      [
        'all logs of a user (superuser)',
        (db) => listTaskLogs(db, superuser(), { ...logs, user_id: owner() }, first),
      ],
      ['users (superuser)', (db) => listUsers(db, {}, first)],
      [
        'users by e-mail, company and name (superuser)',
        (db) => listUsers(db, { email: 'cliente1', company_name: 'empresa 1', full_name: 'cliente' }, first),
      ],
      ['payment history of a service point', (db) => listPayments(db, owner(), ids.rpuId, first)],
      ['portal accounts', (db) => listCredentials(db, owner(), first)],
      ['webhooks', (db) => listWebhooks(db, owner(), first)],
      ['deliveries of a webhook', (db) => listDeliveries(db, owner(), account.webhookId, tenth)],
    ];

    test.each(cases)('%s: no step reads much of a big table', async (_name, run) => {
      const recorder = recording(database.db);
      await run(recorder.db);
      expect(recorder.queries.length).toBeGreaterThan(0);
      for (const query of recorder.queries) {
        const { rows } = await database.db.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${query.sql}`,
          query.params,
        );
        const plan = rows[0]?.['QUERY PLAN'][0]?.Plan as PlanNode;
        const heavy = bigTableReads(plan).filter((read) => read.rows > MAX_ROWS_READ);
        expect({ sql: query.sql.replace(/\s+/g, ' ').trim(), heavy }).toEqual({
          sql: query.sql.replace(/\s+/g, ' ').trim(),
          heavy: [],
        });
      }
    });
  },
);

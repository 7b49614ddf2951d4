import { operations } from '@luz/shared/contract';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Row } from '../db/database';
import { listPeriods } from '../periods/service';
import { listRpusAdmin, toRpuAdmin } from '../rpus/admin-service';
import { listRpus, toRpuPublic } from '../rpus/service';
import { bearer, seedSuperuser, seedUser, tokenFor } from '../testing/fixtures';
import { notificationsSettled } from '../testing/notifications';
import { seedRpu, seedTaskAssociation } from '../testing/periods-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

let database: TestDatabase;
let t: TestApp;
/** Page queries the app sent (a list's page, with or without its count). */
let pagesRead = 0;
let ownerId: string;
let otherId: string;
let ownerToken: string;
let otherToken: string;
let adminToken: string;
let periodRpuId: string;

const settled = () => notificationsSettled(database.db);

beforeAll(async () => {
  database = await createTestDatabase();
  const inner = database.db;
  t = await createTestApp({
    database: {
      ...database,
      db: {
        ...inner,
        query<T extends Row>(sql: string, params: readonly unknown[] = []) {
          if (/\bOFFSET \$\d+/.test(sql)) pagesRead += 1;
          return inner.query<T>(sql, params);
        },
      },
    },
  });
  ownerId = (await seedUser(database.db)).id;
  otherId = (await seedUser(database.db)).id;
  for (let index = 0; index < 25; index += 1)
    await seedRpu(database.db, ownerId, { alias: `Sucursal ${index}` });
  await seedRpu(database.db, otherId, { alias: 'Sucursal ajena' });
  periodRpuId = await seedRpu(database.db, ownerId, { alias: 'Con periodos' });
  for (let month = 1; month <= 3; month += 1)
    await database.db.query(
      `INSERT INTO periods (user_id, rpu_id, initial_date, final_date, amount, consumption_kwh, tariff)
       VALUES ($1, $2, make_date(2024, $3, 1), make_date(2024, $3, 28), 100, 10, 'PDBT')`,
      [ownerId, periodRpuId, month],
    );
  ownerToken = await tokenFor(t.config, database.db, ownerId);
  otherToken = await tokenFor(t.config, database.db, otherId);
  adminToken = await tokenFor(t.config, database.db, (await seedSuperuser(database.db)).id);
  await settled();
});
afterAll(async () => {
  await t.close();
  await database.drop();
});

async function get(url: string, token: string) {
  const response = await t.app.inject({ url: `/api/v1${url}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response;
}

/** The JSON the route's own serialiser makes of `answer` (what Fastify sends for a returned object). */
const serialised = (operation: 'listRpus' | 'listAllRpus' | 'listPeriods', answer: unknown) =>
  serializerCompiler({
    schema: operations[operation].responses[200],
    method: 'GET',
    url: operations[operation].path,
  })(answer);

test('a kept answer is byte for byte what the route serialises, with the same content type', async () => {
  const page = { page: 2, page_size: 10 };
  const cases = [
    {
      url: '/rpus/?page=2&page_size=10&alias=sucursal',
      token: ownerToken,
      expected: async () => {
        const { data, ...counted } = await listRpus(database.db, ownerId, { alias: 'sucursal' }, page);
        return serialised('listRpus', { data: data.map(toRpuPublic), ...counted });
      },
    },
    {
      url: '/rpus/admin?page=2&page_size=10&alias=sucursal',
      token: adminToken,
      expected: async () => {
        const { data, ...counted } = await listRpusAdmin(database.db, { alias: 'sucursal' }, page);
        return serialised('listAllRpus', { data: data.map(toRpuAdmin), ...counted });
      },
    },
    {
      url: '/periods/all?page=1&page_size=2',
      token: ownerToken,
      expected: async () =>
        serialised('listPeriods', await listPeriods(database.db, ownerId, {}, { page: 1, page_size: 2 })),
    },
  ];
  // A route whose answer Fastify serialises itself.
  const jsonType = (await get('/users/me', ownerToken)).headers['content-type'];
  for (const { url, token, expected } of cases) {
    const made = await get(url, token);
    pagesRead = 0;
    const kept = await get(url, token);
    expect(pagesRead).toBe(0);
    expect(kept.body).toBe(await expected());
    expect(made.body).toBe(kept.body);
    expect(kept.headers['content-type']).toBe(jsonType);
    expect(made.headers['content-type']).toBe(jsonType);
  }
});

test("kept answers never cross users: the same query of another user reads that user's rows", async () => {
  const url = '/rpus/?page=1&page_size=10&alias=sucursal';
  const owners = await get(url, ownerToken);
  pagesRead = 0;
  const others = await get(url, otherToken);
  expect(pagesRead).toBe(1);
  expect(others.json()).toMatchObject({ count: 1, data: [{ alias: 'Sucursal ajena' }] });
  expect((await get(url, ownerToken)).body).toBe(owners.body);
  expect(pagesRead).toBe(1);
});

test("a change drops the user's kept answers and every superuser's, not other users'", async () => {
  const own = '/rpus/?page=1&page_size=10&alias=sucursal';
  const admin = '/rpus/admin?page=1&page_size=10&alias=sucursal';
  await Promise.all([get(own, ownerToken), get(own, otherToken), get(admin, adminToken)]);
  // A write that bypasses the API's code still reaches the answers: the database announces it.
  await database.db.query('UPDATE rpus SET alias = $1 WHERE user_id = $2 AND alias = $3', [
    'Sucursal 24 renombrada',
    ownerId,
    'Sucursal 24',
  ]);
  await settled();
  pagesRead = 0;
  await get(own, otherToken);
  expect(pagesRead).toBe(0);
  expect((await get(own, ownerToken)).body).toContain('Sucursal 24 renombrada');
  expect((await get(admin, adminToken)).body).toContain('Sucursal 24 renombrada');
  expect(pagesRead).toBe(2);
});

test('a periods answer is dropped when one of its documents changes (has_pdf)', async () => {
  const url = `/periods/all?page=1&page_size=10&rpu_id=${periodRpuId}`;
  const before = (await get(url, ownerToken)).json() as { data: { has_pdf: boolean }[] };
  expect(before.data.some((period) => period.has_pdf)).toBe(false);
  const { rows } = await database.db.query<{ id: string }>(
    'SELECT id FROM periods WHERE rpu_id = $1 LIMIT 1',
    [periodRpuId],
  );
  const periodId = rows[0]?.id;
  await database.db.query(
    `INSERT INTO documents (user_id, rpu_id, period_id, kind, file_name, storage_key, content_type, size_bytes, sha256)
     VALUES ($1, $2, $3, 'pdf', 'recibo.pdf', $4, 'application/pdf', 3, 'x')`,
    [ownerId, periodRpuId, periodId, `test/${periodId}.pdf`],
  );
  await settled();
  const after = (await get(url, ownerToken)).json() as { data: { has_pdf: boolean }[] };
  expect(after.data.some((period) => period.has_pdf)).toBe(true);
});

test('requests for an answer being made share it; what is asked after a change is made again', async () => {
  const url = '/rpus/?page=3&page_size=10';
  await seedRpu(database.db, ownerId, { alias: 'Otra' });
  await settled();
  pagesRead = 0;
  const [one, two] = await Promise.all([get(url, ownerToken), get(url, ownerToken)]);
  expect(two.body).toBe(one.body);
  expect(pagesRead).toBe(1);
  await seedRpu(database.db, ownerId, { alias: 'Una más' });
  await settled();
  await get(url, ownerToken);
  expect(pagesRead).toBe(2);
});

test("a task's periods are read every time (their links announce nothing)", async () => {
  const { taskAssociationId } = await seedTaskAssociation(database.db, ownerId, { rpuId: periodRpuId });
  const url = `/periods/all?page=1&page_size=10&task_association_id=${taskAssociationId}`;
  pagesRead = 0;
  await get(url, ownerToken);
  await get(url, ownerToken);
  expect(pagesRead).toBe(2);
});

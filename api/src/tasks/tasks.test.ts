import type { Task, TaskAssociation, TaskLog } from '@luz/shared/contract';
import { serviceProfile } from '../portal/simulator/world';
import { eventOf, loadAssociation } from '../sync/associations';
import {
  type SyncReplica,
  seedCredential,
  seedRpu,
  startSyncReplica,
  syncConfig,
  waitForTask,
} from '../sync/test-helpers';
import { bearer, seedSuperuser, seedUser, type TestUser, tokenFor } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

let replica: SyncReplica;
let t: TestApp;
let owner: TestUser;
let ownerToken: string;
let strangerToken: string;
let adminToken: string;
let synced: Task;
let failed: Task;
let failedCredential: string;

async function get<T>(token: string, url: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
  return { status: response.statusCode, body: response.json<T>() };
}

async function send<T>(method: 'POST' | 'PATCH', token: string, url: string, payload: object) {
  const response = await t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });
  return { status: response.statusCode, body: response.json<T>() };
}

beforeAll(async () => {
  replica = await startSyncReplica();
  t = await createTestApp({ config: syncConfig(replica.url) });
  owner = await seedUser(t.db, { email: 'duena@tareas.test', companyName: 'Aceros del Norte' });
  ownerToken = await tokenFor(t.config, t.db, owner.id);
  const stranger = await seedUser(t.db, { companyName: 'Otra Empresa' });
  strangerToken = await tokenFor(t.config, t.db, stranger.id);
  adminToken = await tokenFor(t.config, t.db, (await seedSuperuser(t.db)).id);

  const credential = await seedCredential(t, owner.id);
  const rpu = await seedRpu(t, owner.id, {
    serviceNumber: '301234567891',
    credentialId: credential,
    alias: 'Planta Monterrey',
    holderName: serviceProfile('301234567891').holderName,
  });
  const started = await send<Task>('POST', ownerToken, `/rpus/sync/${credential}/${rpu}`, {});
  synced = await waitForTask(t, ownerToken, started.body.task_id);

  // An account whose password CFE refuses (changed on the portal): a user error.
  replica.state.addAccount({
    username: 'rechazo.demo',
    password: 'Demo-2024',
    serviceNumbers: ['301234567892'],
    switches: { wrongPassword: true },
  });
  failedCredential = await seedCredential(t, owner.id, { cfeUser: 'rechazo.demo', password: 'Demo-2024' });
  const other = await seedRpu(t, owner.id, {
    serviceNumber: '301234567892',
    credentialId: failedCredential,
  });
  const started2 = await send<Task>('POST', ownerToken, `/rpus/sync/${failedCredential}/${other}`, {});
  failed = await waitForTask(t, ownerToken, started2.body.task_id);

  // Someone else's task, that nobody but them (and superusers) may see.
  const strangerCredential = await seedCredential(t, stranger.id);
  const [linked] = replica.services('empresa.demo');
  const strangerRpu = await seedRpu(t, stranger.id, {
    serviceNumber: linked as string,
    credentialId: strangerCredential,
  });
  const started3 = await send<Task>('POST', strangerToken, `/payment-history/rpu/${strangerRpu}/sync`, {});
  await waitForTask(t, strangerToken, started3.body.task_id);
}, 90_000);
afterAll(async () => {
  await t.close();
  await replica.close();
});

test('GET /tasks/ lists the caller’s tasks, newest first, filtered by type', async () => {
  const all = await get<{ data: Task[]; count: number }>(ownerToken, '/tasks/');
  expect(all.status).toBe(200);
  expect(all.body.count).toBe(2);
  expect(all.body.data.map((task) => task.task_id)).toEqual([failed.task_id, synced.task_id]);
  expect(all.body.data[1]).toMatchObject({
    type: 1,
    status: 1,
    workflow: 1,
    reviewed: false,
    counts: { total: 1, success: 1, pending: 0, error: 0, user_error: 0, retrying: 0 },
  });
  expect(all.body.data[1]?.periods_count).toBeGreaterThan(0);

  const single = await get<{ count: number }>(ownerToken, '/tasks/?task_types=1');
  expect(single.body.count).toBe(2);
  const none = await get<{ count: number }>(ownerToken, '/tasks/?task_types=0&task_types=3');
  expect(none.body.count).toBe(0);
  const comma = await get<{ count: number }>(ownerToken, '/tasks/?task_types=3,1');
  expect(comma.body.count).toBe(2);
  const page = await get<{ data: Task[]; count: number }>(ownerToken, '/tasks/?page=2&page_size=1');
  expect(page.body).toMatchObject({ count: 2, data: [{ task_id: synced.task_id }] });
  expect((await get(ownerToken, '/tasks/?task_types=9')).status).toBe(422);
});

test('task associations and their periods belong to the task’s owner only', async () => {
  const list = await get<{ data: TaskAssociation[]; count: number }>(
    ownerToken,
    `/tasks/task-associations/${synced.task_id}`,
  );
  expect(list.status).toBe(200);
  expect(list.body.count).toBe(1);
  expect(list.body.data[0]).toMatchObject({
    task_id: synced.task_id,
    service_number: '301234567891',
    alias: 'Planta Monterrey',
    chain_workflow: 1,
    chain_step: 'syncing_portal',
    status: 1,
    progress: 100,
    attempt: 0,
  });
  expect(list.body.data[0]?.periods_count).toBe(synced.periods_count);
  expect((await get(strangerToken, `/tasks/task-associations/${synced.task_id}`)).status).toBe(404);
  expect(
    (await get(ownerToken, '/tasks/task-associations/00000000-0000-4000-8000-000000000000')).status,
  ).toBe(404);
});

test('GET /tasks/stats counts by type and status within dates of a time zone', async () => {
  const stats = await get<{ total: number; counts: unknown[] }>(ownerToken, '/tasks/stats');
  expect(stats.body).toEqual({
    total: 2,
    counts: [
      { type: 1, status: 1, count: 1 },
      { type: 1, status: 3, count: 1 },
    ],
  });
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Mexico_City' });
  const inRange = await get<{ total: number }>(
    ownerToken,
    `/tasks/stats?initial_date=${today}&final_date=${today}&time_zone=America/Mexico_City`,
  );
  expect(inRange.body.total).toBe(2);
  const before = await get<{ total: number }>(ownerToken, '/tasks/stats?final_date=2020-01-01');
  expect(before.body.total).toBe(0);
  expect((await get(ownerToken, '/tasks/stats?time_zone=Marte/Olympus')).status).toBe(422);
  expect((await get(ownerToken, '/tasks/stats?initial_date=2026-02-01&final_date=2026-01-01')).status).toBe(
    422,
  );
});

test('GET /tasks/logs: own logs for users, everyone’s for superusers, with every filter', async () => {
  const own = await get<{ data: TaskLog[]; count: number }>(ownerToken, '/tasks/logs');
  expect(own.body.count).toBe(2);
  expect(own.body.data[0]).toMatchObject({
    user_email: 'duena@tareas.test',
    user_company_name: 'Aceros del Norte',
  });
  // A user cannot widen the view to others by filtering.
  const trying = await get<{ count: number }>(strangerToken, `/tasks/logs?user_id=${owner.id}`);
  expect(trying.body.count).toBe(0);

  const everyone = await get<{ count: number }>(adminToken, '/tasks/logs');
  expect(everyone.body.count).toBe(3);
  const cases: [string, number][] = [
    [`user_id=${owner.id}`, 2],
    ['user_email=DUENA@', 2],
    ['user_company_name=aceros', 2],
    ['contains_task_status=3', 1],
    ['task_type=3', 1],
    ['service_number=3012345678', 2],
    ['service_number=301234567891', 1],
    ['alias=monterrey', 1],
    ['reviewed=false', 3],
    ['initial_date=2099-01-01', 0],
  ];
  for (const [query, expected] of cases) {
    const response = await get<{ count: number }>(adminToken, `/tasks/logs?${query}`);
    expect([query, response.status, response.body.count]).toEqual([query, 200, expected]);
  }
});

test('GET /tasks/admin/logs/{task_id} is for superusers: the task with every service point', async () => {
  expect((await get(ownerToken, `/tasks/admin/logs/${synced.task_id}`)).status).toBe(403);
  const detail = await get<{ task: TaskLog; associations: TaskAssociation[] }>(
    adminToken,
    `/tasks/admin/logs/${failed.task_id}`,
  );
  expect(detail.status).toBe(200);
  expect(detail.body.task).toMatchObject({ task_id: failed.task_id, status: 3, user_id: owner.id });
  expect(detail.body.associations).toHaveLength(1);
  expect(detail.body.associations[0]?.message).toContain('contraseña');
  expect((await get(adminToken, '/tasks/admin/logs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
});

test('PATCH /tasks/logs/bulk marks the caller’s logs reviewed; someone else’s are a 404', async () => {
  const marked = await send<{ affected: number }>('PATCH', ownerToken, '/tasks/logs/bulk', {
    task_ids: [synced.task_id],
    reviewed: true,
  });
  expect(marked).toEqual({ status: 200, body: { affected: 1 } });
  expect((await get<{ count: number }>(ownerToken, '/tasks/logs?reviewed=true')).body.count).toBe(1);
  const foreign = await send('PATCH', strangerToken, '/tasks/logs/bulk', {
    task_ids: [failed.task_id],
    reviewed: true,
  });
  expect(foreign.status).toBe(404);
  expect((await get<{ count: number }>(ownerToken, '/tasks/logs?reviewed=true')).body.count).toBe(1);
});

test('the owner retries a failed sync: a new task of the same type, which succeeds once the cause is fixed', async () => {
  expect(
    (await send('POST', strangerToken, '/tasks/user-retry', { task_ids: [failed.task_id] })).status,
  ).toBe(404);
  expect((await send('POST', ownerToken, '/tasks/user-retry', { task_ids: [synced.task_id] })).status).toBe(
    400,
  );
  expect((await send('POST', ownerToken, '/tasks/user-retry', {})).status).toBe(422);

  // The password works on the portal again.
  const account = replica.state.account('rechazo.demo');
  if (!account) throw new Error('no account');
  account.switches.wrongPassword = false;
  const retried = await send<{ data: Task[] }>('POST', ownerToken, '/tasks/user-retry', {
    task_ids: [failed.task_id],
  });
  expect(retried.status).toBe(202);
  expect(retried.body.data).toHaveLength(1);
  const [task] = retried.body.data;
  expect(task).toMatchObject({ type: failed.type, workflow: failed.workflow, counts: { total: 1 } });
  expect(task?.task_id).not.toBe(failed.task_id);
  expect((await waitForTask(t, ownerToken, task?.task_id as string)).status).toBe(1);
  // The failed run stays in the logs as it was.
  expect((await get<TaskLog>(adminToken, `/tasks/admin/logs/${failed.task_id}`)).body).toMatchObject({
    task: { status: 3 },
  });
});

test('POST /tasks/retry is for superusers', async () => {
  // The portal refuses the password again; a superuser retries the old failed run later.
  const account = replica.state.account('rechazo.demo');
  if (account) account.switches.wrongPassword = true;
  expect((await send('POST', ownerToken, '/tasks/retry', { task_ids: [failed.task_id] })).status).toBe(403);
  const response = await send<{ data: Task[] }>('POST', adminToken, '/tasks/retry', {
    task_ids: [failed.task_id],
  });
  expect(response.status).toBe(202);
  expect(response.body.data[0]).toMatchObject({ type: failed.type });
  await waitForTask(t, ownerToken, response.body.data[0]?.task_id as string);
});

test('every endpoint needs a session', async () => {
  for (const url of [
    '/tasks/',
    '/tasks/stats',
    '/tasks/logs',
    `/tasks/task-associations/${synced.task_id}`,
  ]) {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1${url}` });
    expect([url, response.statusCode]).toEqual([url, 401]);
  }
});

test('tasks, their service points and their sync events name the CFE account and the service (issue 15)', async () => {
  // The account's alias names it once set; before, its CFE user does.
  await t.db.query("UPDATE credentials SET alias = 'Corporativo' WHERE id = $1", [synced.credential_id]);
  const list = await get<{ data: Task[] }>(ownerToken, '/tasks/');
  const named = (task: Task | undefined) => ({
    credential_label: task?.credential_label,
    service_number: task?.service_number,
    alias: task?.alias,
  });
  expect(named(list.body.data.find((task) => task.task_id === synced.task_id))).toEqual({
    credential_label: 'Corporativo',
    service_number: '301234567891',
    alias: 'Planta Monterrey',
  });
  expect(named(list.body.data.find((task) => task.task_id === failed.task_id))).toEqual({
    credential_label: 'rechazo.demo',
    service_number: '301234567892',
    alias: null,
  });

  const associations = await get<{ data: TaskAssociation[] }>(
    ownerToken,
    `/tasks/task-associations/${synced.task_id}`,
  );
  expect(associations.body.data[0]).toMatchObject({
    credential_label: 'Corporativo',
    service_number: '301234567891',
    alias: 'Planta Monterrey',
  });
  const log = await get<{ task: TaskLog }>(adminToken, `/tasks/admin/logs/${failed.task_id}`);
  expect(log.body.task.credential_label).toBe('rechazo.demo');

  // The engine's events carry the same names, so the sync panel can tell four accounts apart.
  const row = await loadAssociation(t.db, associations.body.data[0]?.task_association_id as string);
  expect(row && eventOf(row)).toMatchObject({ credential_label: 'Corporativo', alias: 'Planta Monterrey' });

  // An account removed leaves its tasks unnamed rather than failing.
  await t.db.query('UPDATE tasks SET credential_id = NULL WHERE id = $1', [failed.task_id]);
  const after = await get<{ data: Task[] }>(ownerToken, '/tasks/');
  expect(after.body.data.find((task) => task.task_id === failed.task_id)?.credential_label).toBeNull();
});

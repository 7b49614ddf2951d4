import { join } from 'node:path';
import { readCfeCfdi } from '../cfdi/read-cfdi';
import { serviceProfile } from '../portal/simulator/world';
import { LocalDocumentStorage } from '../storage/local-storage';
import { bearer, seedUser, tokenFor } from '../testing/fixtures';
import { createTestApp } from '../testing/test-app';
import {
  associationsOf,
  FEWEST_RECEIPTS,
  LONG_HISTORY_MONTHS,
  recordSyncEvents,
  rpuState,
  seedCredential,
  seedRpu,
  startSyncReplica,
  syncConfig,
  waitForTask,
} from './test-helpers';
import { syncTestWorld } from './test-world';

const world = syncTestWorld();
const owner = () => world.owner();

/** A service number the portal account does not have yet, linkable with the consulted total. */
const unlinkedNumber = (seed: number) => `55${String(seed).padStart(9, '0')}1`;

/** The holder's name as CFE has it (the receipt's NOMBRE): what linking needs. */
const holderOf = (serviceNumber: string) => serviceProfile(serviceNumber).holderName;

const firstService = (username = 'empresa.demo') => world.replica.services(username)[0] as string;

async function syncRpu(token: string, credentialId: string, rpuId: string, body: object = {}) {
  const response = await world.t.app.inject({
    method: 'POST',
    url: `/api/v1/rpus/sync/${credentialId}/${rpuId}`,
    headers: bearer(token),
    payload: body,
  });
  expect(response.statusCode).toBe(202);
  return response.json<{ task_id: string; type: number; status: number }>();
}

test('a linked service syncs: every receipt stored once, with a CFDI naming it, and the RPU becomes Activo', async () => {
  const { user, token } = await owner();
  const credentialId = await seedCredential(world.t, user.id);
  const serviceNumber = firstService();
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber, credentialId });

  const started = await syncRpu(token, credentialId, rpuId);
  expect(started).toMatchObject({ type: 1, status: 0 });
  const task = await waitForTask(world.t, token, started.task_id);
  expect(task).toMatchObject({ status: 1, workflow: 1, counts: { total: 1, success: 1 } });
  expect(task.periods_count).toBeGreaterThanOrEqual(FEWEST_RECEIPTS);

  const [association] = await associationsOf(world.t, task.task_id);
  expect(association).toMatchObject({ status: 1, chain_step: 'syncing_portal', progress: 100, attempt: 0 });
  expect(await rpuState(world.t, rpuId)).toMatchObject({ rpu_status: 1, status_message: null });
  const { rows: credential } = await world.t.db.query(
    'SELECT status, last_synced_at FROM credentials WHERE id = $1',
    [credentialId],
  );
  expect(credential[0]).toMatchObject({ status: 1 });

  const { rows: documents } = await world.t.db.query<{
    kind: string;
    storage_key: string;
    file_name: string;
  }>("SELECT kind, storage_key, file_name FROM documents WHERE rpu_id = $1 AND role = 'receipt'", [rpuId]);
  expect(documents).toHaveLength(task.periods_count * 2);
  const xml = documents.find((document) => document.kind === 'xml');
  const storage = new LocalDocumentStorage(join(world.t.config.dataDir, 'documents'));
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(xml?.storage_key as string)) chunks.push(chunk as Buffer);
  expect(readCfeCfdi(Buffer.concat(chunks))).toMatchObject({ kind: 'receipt', serviceNumber });

  // A second sync finds everything stored: it downloads nothing and stores nothing twice.
  world.replica.state.resetStatistics();
  const again = await waitForTask(world.t, token, (await syncRpu(token, credentialId, rpuId)).task_id);
  expect(again.status).toBe(1);
  expect(again.periods_count).toBe(task.periods_count);
  expect(world.replica.downloads()).toBe(0);
  // The session of the first sync was kept: no new login.
  expect(world.replica.state.stats.logins.get('empresa.demo') ?? 0).toBe(0);
  const { rows: count } = await world.t.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM documents WHERE rpu_id = $1 AND role = 'receipt'",
    [rpuId],
  );
  expect(count[0]?.n).toBe(task.periods_count * 2);
});

test('a service not in the account is linked with the consulted total, then synced', async () => {
  const { user, token } = await owner();
  const credentialId = await seedCredential(world.t, user.id);
  const serviceNumber = unlinkedNumber(1);
  const rpuId = await seedRpu(world.t, user.id, {
    serviceNumber,
    credentialId,
    holderName: holderOf(serviceNumber).toLowerCase(),
    alias: 'Bodega',
  });
  const task = await waitForTask(world.t, token, (await syncRpu(token, credentialId, rpuId)).task_id);
  expect(task.status).toBe(1);
  expect(world.replica.state.account('empresa.demo')?.services).toContainEqual(
    expect.objectContaining({ serviceNumber, alias: 'BODEGA' }),
  );
  expect(world.replica.state.stats.byPage.get('Consulta')).toBeGreaterThanOrEqual(1);
  expect(await rpuState(world.t, rpuId)).toMatchObject({ rpu_status: 1 });
  const { rows } = await world.t.db.query('SELECT holder_name FROM rpus WHERE id = $1', [rpuId]);
  // The consulted receipt's NOMBRE replaces what the user typed.
  expect(rows[0]).toEqual({ holder_name: holderOf(serviceNumber) });
});

test('linking needs the holder name: without it, a user error that says so', async () => {
  const { user, token } = await owner();
  const credentialId = await seedCredential(world.t, user.id);
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber: unlinkedNumber(5), credentialId });
  const task = await waitForTask(world.t, token, (await syncRpu(token, credentialId, rpuId)).task_id);
  expect(task.status).toBe(3);
  const [failed] = await associationsOf(world.t, task.task_id);
  expect(failed?.message).toContain('nombre del titular');
  expect(await rpuState(world.t, rpuId)).toMatchObject({ rpu_status: 3 });
});

test('without a consulted receipt the link uses the user’s total to pay (additional information)', async () => {
  // A consultation that lists no receipt (a new service, or CFE's consultation failing).
  const replica = await startSyncReplica({ consultationReceipts: 0 });
  const t = await createTestApp({ config: syncConfig(replica.url) });
  try {
    const user = await seedUser(t.db);
    const token = await tokenFor(t.config, t.db, user.id);
    const credentialId = await seedCredential(t, user.id);
    const serviceNumber = '551234567897';
    const [last, secondToLast] = (replica.world.service(serviceNumber)?.documents ?? []).filter(
      (document) => document.kind === 'receipt',
    );
    const rpuId = await seedRpu(t, user.id, {
      serviceNumber,
      credentialId,
      holderName: holderOf(serviceNumber),
    });
    const sync = async (body: object = {}) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/rpus/sync/${credentialId}/${rpuId}`,
        headers: bearer(token),
        payload: body,
      });
      return waitForTask(t, token, response.json<{ task_id: string }>().task_id);
    };

    const withoutTotal = await sync();
    expect(withoutTotal.status).toBe(3);
    const [failed] = await associationsOf(t, withoutTotal.task_id);
    expect(failed).toMatchObject({ status: 3, chain_step: 'linking_additional_info' });
    expect(failed?.message).toContain('Total a pagar del último recibo, sin centavos');
    expect(await rpuState(t, rpuId)).toMatchObject({ rpu_status: 3 });

    // A total of neither of the last two receipts is refused, as CFE refuses it.
    const wrong = await sync({ last_payment: `${(last?.totalToPay ?? 0) + 7}.00` });
    expect(wrong.status).toBe(3);
    expect((await associationsOf(t, wrong.task_id))[0]?.message).toContain('no coincide');

    const task = await sync({ last_payment: `${secondToLast?.totalToPay}.00` });
    expect(task.status).toBe(1);
    const [association] = await associationsOf(t, task.task_id);
    expect(association).toMatchObject({ status: 1, chain_step: 'syncing_again' });
    expect(await rpuState(t, rpuId)).toMatchObject({ rpu_status: 1 });
  } finally {
    await t.close();
    await replica.close();
  }
});

test('a wrong password is a user error: status 3, RPU 4, credential 4, one login and no retry', async () => {
  const { user, token } = await owner();
  const credentialId = await seedCredential(world.t, user.id, { password: 'equivocada' });
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber: firstService(), credentialId });
  const before = world.replica.state.stats.byPage.get('Login.aspx') ?? 0;
  const task = await waitForTask(world.t, token, (await syncRpu(token, credentialId, rpuId)).task_id);
  expect(task.status).toBe(3);
  const [association] = await associationsOf(world.t, task.task_id);
  expect(association).toMatchObject({ status: 3, attempt: 0 });
  expect(association?.message).toContain('contraseña');
  expect(await rpuState(world.t, rpuId)).toMatchObject({ rpu_status: 4 });
  const { rows } = await world.t.db.query('SELECT status FROM credentials WHERE id = $1', [credentialId]);
  expect(rows[0]).toMatchObject({ status: 4 });
  // The login page and its one post: no second try of the same password.
  expect((world.replica.state.stats.byPage.get('Login.aspx') ?? 0) - before).toBe(2);
});

test('a service the portal cannot link is a user error: RPU "Sin cuenta"', async () => {
  const { user, token } = await owner();
  const credentialId = await seedCredential(world.t, user.id);
  // The consultation knows the service under another holder name: CFE will not add it.
  const rpuId = await seedRpu(world.t, user.id, {
    serviceNumber: unlinkedNumber(6),
    credentialId,
    holderName: 'OTRA PERSONA DISTINTA',
  });
  const task = await waitForTask(world.t, token, (await syncRpu(token, credentialId, rpuId)).task_id);
  expect(task.status).toBe(3);
  expect((await associationsOf(world.t, task.task_id))[0]?.message).toContain('nombre');
  expect(await rpuState(world.t, rpuId)).toMatchObject({ rpu_status: 3 });
});

test('an outage longer than the retries of one request fails the attempt; the second recovers, status 4 while waiting', async () => {
  const { user, token } = await owner();
  // Empty answers (the firewall's other refusal) to every try of the first attempt's request.
  world.replica.state.addAccount({
    username: 'intermitente.demo',
    password: 'Demo-2024',
    services: 1,
    switches: { emptyNext: world.t.config.sync.portalRetries + 1 },
  });
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: 'intermitente.demo' });
  const rpuId = await seedRpu(world.t, user.id, {
    serviceNumber: firstService('intermitente.demo'),
    credentialId,
  });
  const recorded = await recordSyncEvents(world.t);
  const started = await syncRpu(token, credentialId, rpuId);
  const task = await waitForTask(world.t, token, started.task_id);
  expect(task.status).toBe(1);
  const [association] = await associationsOf(world.t, task.task_id);
  expect(association).toMatchObject({ status: 1, attempt: 0 });
  // The wait between the attempts was announced, however short it was.
  const events = await recorded.through(association?.id as string);
  await recorded.stop();
  expect(events).toContainEqual(expect.objectContaining({ status: 4, attempt: 1 }));
});

test('an outage on all three attempts ends in status 2, after exactly three logins per request try', async () => {
  const { user, token } = await owner();
  world.replica.state.addAccount({
    username: 'caido.demo',
    password: 'Demo-2024',
    services: 1,
    switches: { outage: true },
  });
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: 'caido.demo' });
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber: firstService('caido.demo'), credentialId });
  const before = world.replica.state.stats.byAccount.get('caido.demo') ?? 0;
  const task = await waitForTask(world.t, token, (await syncRpu(token, credentialId, rpuId)).task_id);
  expect(task.status).toBe(2);
  const [association] = await associationsOf(world.t, task.task_id);
  expect(association).toMatchObject({ status: 2, attempt: 2 });
  expect(association?.message).toContain('3 intentos');
  expect(await rpuState(world.t, rpuId)).toMatchObject({ rpu_status: 2 });
  const tries = world.t.config.sync.portalRetries + 1;
  // Each try reaches the account's first page once (and gets CFE's 503), no more.
  expect((world.replica.state.stats.byAccount.get('caido.demo') ?? 0) - before).toBe(3 * tries);
});

test('a payment-history sync leaves the service point’s status to the receipt syncs', async () => {
  const { user, token } = await owner();
  const credentialId = await seedCredential(world.t, user.id);
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber: firstService(), credentialId });
  // As a receipt sync that ended in error left it.
  await world.t.db.query(
    "UPDATE rpus SET rpu_status = 2, status_message = 'El portal falló.' WHERE id = $1",
    [rpuId],
  );
  const response = await world.t.app.inject({
    method: 'POST',
    url: `/api/v1/payment-history/rpu/${rpuId}/sync`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(202);
  expect(await rpuState(world.t, rpuId)).toMatchObject({ rpu_status: 2 });
  const task = await waitForTask(world.t, token, response.json<{ task_id: string }>().task_id);
  expect(task.status).toBe(1);
  expect(await rpuState(world.t, rpuId)).toMatchObject({ rpu_status: 2, status_message: 'El portal falló.' });
});

test('progress moves with the documents done, not only between steps', async () => {
  // Progress is shown at most once a second: this sync needs a history long enough to last seconds.
  const replica = await startSyncReplica({ historyMonths: LONG_HISTORY_MONTHS });
  const t = await createTestApp({ config: syncConfig(replica.url) });
  try {
    const user = await seedUser(t.db);
    const token = await tokenFor(t.config, t.db, user.id);
    replica.state.addAccount({
      username: 'pausado.demo',
      password: 'Demo-2024',
      services: 1,
      switches: { latencyMs: 40 },
    });
    const credentialId = await seedCredential(t, user.id, { cfeUser: 'pausado.demo' });
    const [serviceNumber] = replica.services('pausado.demo');
    await seedRpu(t, user.id, { serviceNumber: serviceNumber as string, credentialId });
    const recorded = await recordSyncEvents(t);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/credentials/sync/${credentialId}`,
      headers: bearer(token),
      payload: { workflow: 3 },
    });
    const taskId = response.json<{ task_id: string }>().task_id;
    expect((await waitForTask(t, token, taskId)).status).toBe(1);
    // Every progress the first association showed, as its sync events announced it.
    const [first] = await associationsOf(t, taskId);
    const events = await recorded.through(first?.id as string);
    await recorded.stop();
    const seen = events.map((event) => event.progress);
    const messages = new Set(events.flatMap((event) => (event.message ? [event.message] : [])));
    // Bulk sync's first step is the first third of the bar: it fills while receipts arrive.
    const during = new Set(seen.filter((progress) => progress > 0 && progress < 100));
    expect(during.size).toBeGreaterThanOrEqual(2);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect([...messages].some((message) => /\d+ de \d+/.test(message))).toBe(true);
  } finally {
    await t.close();
    await replica.close();
  }
});

import { join } from 'node:path';
import { readCfeCfdi } from '../cfdi/read-cfdi';
import { latestReceipt, serviceProfile } from '../portal/simulator/world';
import { LocalDocumentStorage } from '../storage/local-storage';
import { bearer } from '../testing/fixtures';
import {
  associationsOf,
  recordSyncEvents,
  rpuState,
  seedCredential,
  seedRpu,
  waitForTask,
} from './test-helpers';
import { syncTestWorld } from './test-world';

const world = syncTestWorld();
const owner = () => world.owner();

/** A service number the portal account does not have yet, linkable with the consulted total. */
const unlinkedNumber = (seed: number) => `55${String(seed).padStart(9, '0')}1`;

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
  const [serviceNumber] = [...(world.simulator.state.account('empresa.demo')?.linked ?? [])];
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber: serviceNumber as string, credentialId });

  const started = await syncRpu(token, credentialId, rpuId);
  expect(started).toMatchObject({ type: 1, status: 0 });
  const task = await waitForTask(world.t, token, started.task_id);
  expect(task).toMatchObject({ status: 1, workflow: 1, counts: { total: 1, success: 1 } });
  expect(task.periods_count).toBeGreaterThanOrEqual(12);

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
  world.simulator.state.resetStats();
  const again = await waitForTask(world.t, token, (await syncRpu(token, credentialId, rpuId)).task_id);
  expect(again.status).toBe(1);
  expect(again.periods_count).toBe(task.periods_count);
  expect(world.simulator.state.stats.byRoute.get('document') ?? 0).toBe(0);
  const { rows: count } = await world.t.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM documents WHERE rpu_id = $1 AND role = 'receipt'",
    [rpuId],
  );
  expect(count[0]?.n).toBe(task.periods_count * 2);
});

test('a service not in the account is linked with the consulted total, then synced', async () => {
  const { user, token } = await owner();
  const credentialId = await seedCredential(world.t, user.id);
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber: unlinkedNumber(1), credentialId });
  const task = await waitForTask(world.t, token, (await syncRpu(token, credentialId, rpuId)).task_id);
  expect(task.status).toBe(1);
  expect(world.simulator.state.account('empresa.demo')?.linked.has(unlinkedNumber(1))).toBe(true);
  expect(world.simulator.state.stats.byRoute.get('consultation')).toBeGreaterThanOrEqual(1);
  expect(await rpuState(world.t, rpuId)).toMatchObject({ rpu_status: 1 });
});

test('without a consulted receipt the link uses the last payment (additional information)', async () => {
  const { user, token } = await owner();
  const credentialId = await seedCredential(world.t, user.id);
  const serviceNumber = '551234567897';
  const lastPayment = latestReceipt(serviceProfile(serviceNumber), new Date())?.totalToPay;
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber, credentialId });

  const withoutPayment = await waitForTask(
    world.t,
    token,
    (await syncRpu(token, credentialId, rpuId)).task_id,
  );
  expect(withoutPayment.status).toBe(3);
  const [failed] = await associationsOf(world.t, withoutPayment.task_id);
  expect(failed).toMatchObject({ status: 3, chain_step: 'linking_additional_info' });
  expect(failed?.message).toContain('último pago');
  expect(await rpuState(world.t, rpuId)).toMatchObject({ rpu_status: 3 });

  const task = await waitForTask(
    world.t,
    token,
    (await syncRpu(token, credentialId, rpuId, { last_payment: `${lastPayment}.00` })).task_id,
  );
  expect(task.status).toBe(1);
  const [association] = await associationsOf(world.t, task.task_id);
  expect(association).toMatchObject({ status: 1, chain_step: 'syncing_again' });
  expect(await rpuState(world.t, rpuId)).toMatchObject({ rpu_status: 1 });
});

test('a wrong password is a user error: status 3, RPU 4, credential 4, one login and no retry', async () => {
  const { user, token } = await owner();
  const credentialId = await seedCredential(world.t, user.id, { password: 'equivocada' });
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber: unlinkedNumber(2), credentialId });
  const before = world.simulator.state.stats.byRoute.get('session') ?? 0;
  const task = await waitForTask(world.t, token, (await syncRpu(token, credentialId, rpuId)).task_id);
  expect(task.status).toBe(3);
  const [association] = await associationsOf(world.t, task.task_id);
  expect(association).toMatchObject({ status: 3, attempt: 0 });
  expect(association?.message).toContain('contraseña');
  expect(await rpuState(world.t, rpuId)).toMatchObject({ rpu_status: 4 });
  const { rows } = await world.t.db.query('SELECT status FROM credentials WHERE id = $1', [credentialId]);
  expect(rows[0]).toMatchObject({ status: 4 });
  expect((world.simulator.state.stats.byRoute.get('session') ?? 0) - before).toBe(1);
});

test('a CAPTCHA is a user error, not retried', async () => {
  const { user, token } = await owner();
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: 'captcha.demo' });
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber: unlinkedNumber(3), credentialId });
  const before = world.simulator.state.stats.byAccount.get('captcha.demo') ?? 0;
  const task = await waitForTask(world.t, token, (await syncRpu(token, credentialId, rpuId)).task_id);
  expect(task.status).toBe(3);
  const [association] = await associationsOf(world.t, task.task_id);
  expect(association?.message).toContain('CAPTCHA');
  expect(await rpuState(world.t, rpuId)).toMatchObject({ rpu_status: 2 });
  expect((world.simulator.state.stats.byAccount.get('captcha.demo') ?? 0) - before).toBe(1);
});

test('a service the portal cannot link is a user error: RPU "Sin cuenta"', async () => {
  const { user, token } = await owner();
  const credentialId = await seedCredential(world.t, user.id);
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber: '990000000011', credentialId });
  const task = await waitForTask(world.t, token, (await syncRpu(token, credentialId, rpuId)).task_id);
  expect(task.status).toBe(3);
  expect(await rpuState(world.t, rpuId)).toMatchObject({ rpu_status: 3 });
});

test('an outage longer than the retries of one request fails the attempt; the second recovers, status 4 while waiting', async () => {
  const { user, token } = await owner();
  world.simulator.state.addAccount({ username: 'intermitente.demo', password: 'Demo-2024', services: 1 });
  const account = world.simulator.state.account('intermitente.demo');
  if (!account) throw new Error('no account');
  account.faults.failNext = world.t.config.sync.portalRetries + 1;
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: 'intermitente.demo' });
  const rpuId = await seedRpu(world.t, user.id, {
    serviceNumber: [...account.linked][0] as string,
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
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: 'caido.demo' });
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber: unlinkedNumber(4), credentialId });
  const before = world.simulator.state.stats.byAccount.get('caido.demo') ?? 0;
  const task = await waitForTask(world.t, token, (await syncRpu(token, credentialId, rpuId)).task_id);
  expect(task.status).toBe(2);
  const [association] = await associationsOf(world.t, task.task_id);
  expect(association).toMatchObject({ status: 2, attempt: 2 });
  expect(association?.message).toContain('3 intentos');
  expect(await rpuState(world.t, rpuId)).toMatchObject({ rpu_status: 2 });
  const tries = world.t.config.sync.portalRetries + 1;
  expect((world.simulator.state.stats.byAccount.get('caido.demo') ?? 0) - before).toBe(3 * tries);
});

test('a payment-history sync leaves the service point’s status to the receipt syncs', async () => {
  const { user, token } = await owner();
  const credentialId = await seedCredential(world.t, user.id);
  const [serviceNumber] = [...(world.simulator.state.account('empresa.demo')?.linked ?? [])];
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber: serviceNumber as string, credentialId });
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
  const { user, token } = await owner();
  world.simulator.state.addAccount({
    username: 'pausado.demo',
    password: 'Demo-2024',
    services: 1,
    faults: { latencyMs: 40 },
  });
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: 'pausado.demo' });
  const [serviceNumber] = [...(world.simulator.state.account('pausado.demo')?.linked ?? [])];
  await seedRpu(world.t, user.id, { serviceNumber: serviceNumber as string, credentialId });
  const recorded = await recordSyncEvents(world.t);
  const response = await world.t.app.inject({
    method: 'POST',
    url: `/api/v1/credentials/sync/${credentialId}`,
    headers: bearer(token),
    payload: { workflow: 3 },
  });
  const taskId = response.json<{ task_id: string }>().task_id;
  expect((await waitForTask(world.t, token, taskId)).status).toBe(1);
  // Every progress the first association showed, as its sync events announced it.
  const [first] = await associationsOf(world.t, taskId);
  const events = await recorded.through(first?.id as string);
  await recorded.stop();
  const seen = events.map((event) => event.progress);
  const messages = new Set(events.flatMap((event) => (event.message ? [event.message] : [])));
  // Bulk sync's first step is the first third of the bar: it fills while receipts arrive.
  const during = new Set(seen.filter((progress) => progress > 0 && progress < 100));
  expect(during.size).toBeGreaterThanOrEqual(2);
  expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  expect([...messages].some((message) => /\d+ de \d+/.test(message))).toBe(true);
}, 60_000);

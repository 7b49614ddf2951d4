import { zWebhookWithSecret } from '@luz/shared/contract';
import {
  FEWEST_RECEIPTS,
  type SyncReplica,
  seedCredential,
  seedRpu,
  startSyncReplica,
  syncConfig,
  waitForTask,
} from '../sync/test-helpers';
import { bearer, seedUser, tokenFor } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';
import {
  ANSWERING_RECEIVER_TIMEOUT_MS,
  type ReceivedRequest,
  startWebhookReceiver,
  verifySignature,
  type WebhookReceiver,
} from '../testing/webhook-receiver';

let replica: SyncReplica;
let receiver: WebhookReceiver;
let t: TestApp;

beforeAll(async () => {
  replica = await startSyncReplica();
  receiver = await startWebhookReceiver();
  t = await createTestApp({
    config: syncConfig(replica.url, {
      webhooks: {
        allowedHosts: ['127.0.0.1'],
        attemptTimeoutMs: ANSWERING_RECEIVER_TIMEOUT_MS,
        retryDelaysMs: [100],
        testRateLimit: { max: 1_000, windowMs: 60_000 },
      },
    }),
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
  await replica.close();
});

const bodyOf = (request: ReceivedRequest) => JSON.parse(request.body);
/**
 * The deliveries of a type, each once: a delivery slower than `attemptTimeoutMs` on a loaded
 * machine is sent again with the same webhook-id (at least once, as receivers are told).
 */
const ofType = (type: string) => [
  ...new Map(
    receiver.received
      .filter((request) => bodyOf(request).type === type)
      .map((request) => [request.headers['webhook-id'], request] as const),
  ).values(),
];

async function settle(count: number) {
  await receiver.waitFor(count);
  // Anything published with them is recorded as a delivery before it is sent: once none is
  // pending, every request has arrived.
  await waitFor(
    async () =>
      (
        await t.db.query<{ pending: number }>(
          "SELECT count(*)::int AS pending FROM webhook_deliveries WHERE status IN ('pending', 'sending')",
        )
      ).rows[0]?.pending === 0,
  );
}

test('a sync publishes task.finished, rpu.status_changed and period.created, signed, through the job queue', async () => {
  const user = await seedUser(t.db);
  const token = await tokenFor(t.config, t.db, user.id);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/',
    headers: bearer(token),
    payload: { url: receiver.url, events: ['period.created', 'rpu.status_changed', 'task.finished'] },
  });
  const { secret } = zWebhookWithSecret.parse(created.json());
  const credentialId = await seedCredential(t, user.id);
  const [serviceNumber] = replica.services('empresa.demo');
  const rpuId = await seedRpu(t, user.id, {
    serviceNumber: serviceNumber as string,
    credentialId,
    alias: 'Planta',
  });

  const sync = async (through = credentialId) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/rpus/sync/${through}/${rpuId}`,
      headers: bearer(token),
      payload: {},
    });
    expect(response.statusCode).toBe(202);
    return waitForTask(t, token, response.json().task_id);
  };

  const task = await sync();
  const { rows } = await t.db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM periods WHERE rpu_id = $1',
    [rpuId],
  );
  const periods = rows[0]?.count ?? 0;
  expect(periods).toBeGreaterThanOrEqual(FEWEST_RECEIPTS);
  await settle(periods + 2);

  for (const request of receiver.received)
    expect(verifySignature(secret, request.headers, request.body)).toBe(true);
  const rpu = {
    rpu_id: rpuId,
    service_number: serviceNumber,
    alias: 'Planta',
    rpu_status: 1,
    credential_id: credentialId,
  };

  expect(ofType('task.finished').map(bodyOf)).toEqual([
    {
      type: 'task.finished',
      timestamp: expect.any(String),
      data: expect.objectContaining({
        task_id: task.task_id,
        type: 1,
        type_label: 'Gestión de servicio',
        status: 1,
        status_label: 'Éxito',
        workflow: 1,
        credential_id: credentialId,
        associations: { total: 1, succeeded: 1, failed: 0 },
      }),
    },
  ]);
  // Only the settled status is news, not the passing "syncing" (-1).
  expect(ofType('rpu.status_changed').map((request) => bodyOf(request).data)).toEqual([
    { rpu, previous_status: null, status: 1, status_label: 'Activo', message: null, task_id: task.task_id },
  ]);
  const periodEvents = ofType('period.created').map((request) => bodyOf(request).data);
  expect(periodEvents).toHaveLength(periods);
  expect(new Set(periodEvents.map((data) => data.period.period_id)).size).toBe(periods);
  for (const data of periodEvents) {
    expect(data).toMatchObject({ rpu, task_id: task.task_id });
    expect(data.period.initial_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.period.amount).toMatch(/^\d+\.\d{2}$/);
    const receiptDocuments = data.documents.filter(
      (document: { role: string }) => document.role === 'receipt',
    );
    expect(receiptDocuments.map((document: { kind: string }) => document.kind)).toEqual(['pdf', 'xml']);
    for (const document of data.documents)
      expect(document.url).toBe(
        `${t.config.publicUrl}/api/v1/media/get-file?file_name=${encodeURIComponent(document.file_name)}`,
      );
  }

  // Synced again: nothing new but the task; the status did not change, no period is new.
  receiver.received.length = 0;
  const again = await sync();
  await settle(1);
  expect(receiver.received.map((request) => bodyOf(request).type)).toEqual(['task.finished']);
  expect(bodyOf(receiver.received[0] as ReceivedRequest).data.task_id).toBe(again.task_id);

  // Moved to an account with a wrong password: from Activo to bad credentials, with the previous status.
  receiver.received.length = 0;
  const wrong = await seedCredential(t, user.id, { cfeUser: 'lento.demo', password: 'equivocada' });
  await t.db.query('UPDATE rpus SET credential_id = $2 WHERE id = $1', [rpuId, wrong]);
  const failed = await sync(wrong);
  expect(failed.status).toBe(3);
  await settle(2);
  expect(ofType('rpu.status_changed').map((request) => bodyOf(request).data)).toEqual([
    expect.objectContaining({ previous_status: 1, status: 4, status_label: 'Credenciales incorrectas' }),
  ]);
  expect(ofType('task.finished').map((request) => bodyOf(request).data)).toEqual([
    expect.objectContaining({ task_id: failed.task_id, status: 3, status_label: 'Error de usuario' }),
  ]);
});

import {
  type WebhookDelivery,
  type WebhookRpu,
  zPage,
  zWebhook,
  zWebhookDelivery,
  zWebhookWithSecret,
} from '@luz/shared/contract';
import { createSecretBox } from '../crypto/secret-box';
import { createJobQueue, type JobQueue } from '../jobs/job-queue';
import { bearer, seedSuperuser, seedUser, type TestUser, tokenFor } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';
import {
  ANSWERING_RECEIVER_TIMEOUT_MS,
  startWebhookReceiver,
  verifySignature,
  type WebhookReceiver,
} from '../testing/webhook-receiver';
import type { Resolver } from './address-guard';
import { createWebhookEngine, type WebhookEngine } from './engine';
import { jobDeliveryQueue, registerWebhookJobs } from './jobs';

let t: TestApp;
let receiver: WebhookReceiver;
let owner: TestUser;
let ownerToken: string;
let stranger: TestUser;
let strangerToken: string;

beforeAll(async () => {
  // The loopback receiver is reachable only because the allow-list says so (as in the E2E setup).
  t = await createTestApp({
    config: {
      webhooks: {
        allowedHosts: ['127.0.0.1'],
        attemptTimeoutMs: ANSWERING_RECEIVER_TIMEOUT_MS,
        retryDelaysMs: [50, 100, 100],
        testRateLimit: { max: 1_000, windowMs: 60_000 },
      },
    },
  });
  receiver = await startWebhookReceiver();
  owner = await seedUser(t.db, { email: 'duena@webhooks.test' });
  ownerToken = await tokenFor(t.config, t.db, owner.id);
  stranger = await seedUser(t.db, { email: 'otra@webhooks.test' });
  strangerToken = await tokenFor(t.config, t.db, stranger.id);
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(() => {
  receiver.received.length = 0;
});

/** Another app on the same database accepts the same tokens and opens the same secrets. */
const sameKeys = () => ({ secretKey: t.config.secretKey, credentialsKey: t.config.credentialsKey });

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {}, payload });

async function createWebhook(body: object, token = ownerToken) {
  const response = await api('POST', '/webhooks/', token, body);
  expect(response.statusCode).toBe(200);
  return zWebhookWithSecret.parse(response.json());
}

describe('CRUD', () => {
  test('creation answers the secret once; lists and edits never show it; it is encrypted at rest', async () => {
    const created = await createWebhook({
      url: receiver.url,
      description: 'ERP',
      events: ['task.finished', 'period.created', 'task.finished'],
    });
    expect(created).toMatchObject({
      url: receiver.url,
      description: 'ERP',
      events: ['task.finished', 'period.created'],
      enabled: true,
      disabled_reason: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const list = await api('GET', '/webhooks/', ownerToken);
    expect(list.statusCode).toBe(200);
    const page = zPage(zWebhook).parse(list.json());
    expect(page.data.map((webhook) => webhook.webhook_id)).toContain(created.webhook_id);
    expect(list.body).not.toContain(created.secret);
    expect(list.body).not.toMatch(/secret/);

    const { rows } = await t.db.query<{ secret_encrypted: string }>(
      'SELECT secret_encrypted FROM webhooks WHERE id = $1',
      [created.webhook_id],
    );
    expect(rows[0]?.secret_encrypted).not.toContain(created.secret.slice(6, 20));

    const edited = await api('PATCH', `/webhooks/${created.webhook_id}`, ownerToken, {
      description: 'ERP de producción',
      events: ['rpu.status_changed'],
      enabled: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      description: 'ERP de producción',
      events: ['rpu.status_changed'],
      enabled: false,
      disabled_reason: 'user',
    });
    expect(edited.json().secret).toBeUndefined();

    const rotated = await api('PATCH', `/webhooks/${created.webhook_id}`, ownerToken, {
      rotate_secret: true,
      enabled: true,
    });
    expect(rotated.json()).toMatchObject({ enabled: true, disabled_reason: null });
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(created.secret);

    const deleted = await api('DELETE', `/webhooks/${created.webhook_id}`, ownerToken);
    expect(deleted.json()).toEqual({ message: 'Webhook eliminado' });
    expect((await api('DELETE', `/webhooks/${created.webhook_id}`, ownerToken)).statusCode).toBe(404);
  });

  test('validates the URL and the events', async () => {
    for (const [body, loc] of [
      [{ url: 'ftp://ejemplo.mx/hook', events: ['task.finished'] }, 'url'],
      [{ url: 'no es una url', events: ['task.finished'] }, 'url'],
      [{ url: 'https://usuario:clave@ejemplo.mx/hook', events: ['task.finished'] }, 'url'],
      [{ url: 'https://ejemplo.mx/hook', events: [] }, 'events'],
      [{ url: 'https://ejemplo.mx/hook', events: ['period.deleted'] }, 'events'],
    ] as const) {
      const response = await api('POST', '/webhooks/', ownerToken, body);
      expect(response.statusCode).toBe(422);
      expect(response.json().detail[0].loc.slice(0, 2)).toEqual(['body', loc]);
    }
  });

  test('a user has at most 20 endpoints; deleting one makes room', async () => {
    const user = await seedUser(t.db);
    const token = await tokenFor(t.config, t.db, user.id);
    const ids: string[] = [];
    for (let index = 0; index < 20; index++) {
      ids.push(
        (await createWebhook({ url: `${receiver.url}/${index}`, events: ['task.finished'] }, token))
          .webhook_id,
      );
    }
    const over = await api('POST', '/webhooks/', token, { url: receiver.url, events: ['task.finished'] });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      detail: 'Puedes tener hasta 20 webhooks. Elimina alguno para agregar otro.',
      code: 'conflict',
    });
    expect((await api('GET', '/webhooks/', token)).json().count).toBe(20);
    // Someone else's count is theirs.
    expect(
      (await api('POST', '/webhooks/', strangerToken, { url: receiver.url, events: ['task.finished'] }))
        .statusCode,
    ).toBe(200);
    expect((await api('DELETE', `/webhooks/${ids[0]}`, token)).statusCode).toBe(200);
    expect(
      (await api('POST', '/webhooks/', token, { url: receiver.url, events: ['task.finished'] })).statusCode,
    ).toBe(200);
  });

  test("another user's endpoint answers 404 everywhere; anonymous calls 401", async () => {
    const mine = await createWebhook({ url: receiver.url, events: ['task.finished'] });
    const calls: [Method, string, object?][] = [
      ['PATCH', `/webhooks/${mine.webhook_id}`, { description: 'x' }],
      ['DELETE', `/webhooks/${mine.webhook_id}`],
      ['POST', `/webhooks/${mine.webhook_id}/test`],
      ['GET', `/webhooks/${mine.webhook_id}/deliveries`],
    ];
    for (const [method, url, body] of calls) {
      const response = await api(method, url, strangerToken, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Webhook no encontrado', code: 'not_found' });
      expect((await api(method, url, undefined, body)).statusCode).toBe(401);
    }
    expect((await api('GET', '/webhooks/', undefined)).statusCode).toBe(401);
    const theirs = zPage(zWebhook).parse((await api('GET', '/webhooks/', strangerToken)).json());
    expect(theirs.data.map((webhook) => webhook.webhook_id)).not.toContain(mine.webhook_id);
    expect(receiver.received).toHaveLength(0);
  });
});

describe('test delivery', () => {
  test('arrives signed as Standard Webhooks says, and the delivery records the answer', async () => {
    const webhook = await createWebhook({ url: `${receiver.url}?origen=luz`, events: ['task.finished'] });
    const before = Math.floor(Date.now() / 1000);
    const response = await api('POST', `/webhooks/${webhook.webhook_id}/test`, ownerToken);
    const after = Math.ceil(Date.now() / 1000);
    expect(response.statusCode).toBe(200);
    const delivery = zWebhookDelivery.parse(response.json());
    expect(delivery).toMatchObject({
      webhook_id: webhook.webhook_id,
      event_type: 'webhook.test',
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
      last_error: null,
    });
    expect(delivery.last_duration_ms).toBeGreaterThanOrEqual(0);

    const [request] = receiver.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/hooks?origen=luz');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['webhook-id']).toBe(delivery.message_id);
    // The time of sending, in seconds.
    const timestamp = Number(request?.headers['webhook-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(after);
    expect(verifySignature(webhook.secret, request?.headers ?? {}, request?.body ?? '')).toBe(true);
    expect(verifySignature('whsec_b3RybyBzZWNyZXRv', request?.headers ?? {}, request?.body ?? '')).toBe(
      false,
    );
    expect(JSON.parse(request?.body ?? '')).toEqual({
      type: 'webhook.test',
      timestamp: expect.any(String),
      data: { webhook_id: webhook.webhook_id, message: 'Prueba de webhook enviada desde Luz', rpu: null },
    });

    const deliveries = await api('GET', `/webhooks/${webhook.webhook_id}/deliveries`, ownerToken);
    expect(zPage(zWebhookDelivery).parse(deliveries.json())).toMatchObject({
      count: 1,
      data: [{ delivery_id: delivery.delivery_id, status: 'delivered', last_status_code: 200, attempts: 1 }],
    });
  });

  test('a redirect is a failure and is not followed', async () => {
    const elsewhere = await startWebhookReceiver();
    try {
      const webhook = await createWebhook({ url: receiver.url, events: ['task.finished'] });
      receiver.answer({ status: 302, headers: { location: elsewhere.url } });
      const delivery = (await api('POST', `/webhooks/${webhook.webhook_id}/test`, ownerToken)).json();
      expect(delivery).toMatchObject({ status: 'failed', last_status_code: 302, attempts: 1 });
      expect(delivery.last_error).toMatch(/no seguimos redirecciones/);
      expect(receiver.received).toHaveLength(1);
      expect(elsewhere.received).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  test('410 Gone disables the endpoint', async () => {
    const webhook = await createWebhook({ url: receiver.url, events: ['task.finished'] });
    receiver.answer({ status: 410 });
    const delivery = (await api('POST', `/webhooks/${webhook.webhook_id}/test`, ownerToken)).json();
    expect(delivery).toMatchObject({ status: 'failed', last_status_code: 410 });
    const list = zPage(zWebhook).parse((await api('GET', '/webhooks/', ownerToken)).json());
    expect(list.data.find((item) => item.webhook_id === webhook.webhook_id)).toMatchObject({
      enabled: false,
      disabled_reason: 'gone',
    });
  });

  test('an attempt that takes too long is cut at the timeout', async () => {
    const slow = await createTestApp({
      database: t.database,
      config: {
        ...sameKeys(),
        webhooks: {
          allowedHosts: ['127.0.0.1'],
          attemptTimeoutMs: 300,
          retryDelaysMs: [],
          testRateLimit: { max: 1_000, windowMs: 60_000 },
        },
      },
    });
    // A receiver of its own that never answers: only the timeout can end the attempt. A hang
    // queued on the shared receiver stayed there when the attempt ended before reaching it, and
    // held the next test's request for the whole attempt limit.
    const silent = await startWebhookReceiver('hang');
    try {
      const webhook = await createWebhook({ url: silent.url, events: ['task.finished'] });
      const response = await slow.app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${webhook.webhook_id}/test`,
        headers: bearer(ownerToken),
      });
      expect(response.json()).toMatchObject({
        status: 'failed',
        last_status_code: null,
        last_error: 'El receptor no respondió en 300 ms.',
      });
    } finally {
      await slow.close();
      await silent.close();
    }
  });
});

describe('test sends are rate-limited per user', () => {
  test('past the limit the answer is 429 and nothing is sent', async () => {
    const limited = await createTestApp({
      database: t.database,
      config: {
        ...sameKeys(),
        webhooks: { ...t.config.webhooks, testRateLimit: { max: 2, windowMs: 60_000 } },
      },
    });
    try {
      const webhook = await createWebhook({ url: receiver.url, events: ['task.finished'] });
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: `/api/v1/webhooks/${webhook.webhook_id}/test`,
          headers: bearer(ownerToken),
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().detail).toMatch(
        /^Enviaste demasiadas pruebas\. Intenta de nuevo en (\d+ s|1 min)\.$/,
      );
      expect(receiver.received).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});

describe('address checks (SSRF)', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ database: t.database, config: sameKeys() });
  });
  afterAll(() => strict.close());

  test('URLs on loopback, private, link-local and metadata addresses are refused when saved', async () => {
    const refused = [
      `http://127.0.0.1:${receiver.port}/hooks`,
      'http://10.0.0.1/hooks',
      'http://169.254.169.254/latest/meta-data/',
      'http://192.168.1.10/hooks',
      'http://[::1]/hooks',
      'http://[::ffff:127.0.0.1]/hooks',
      'http://[fd00:ec2::254]/',
      `http://localhost:${receiver.port}/hooks`,
    ];
    for (const url of refused) {
      const response = await strict.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/',
        headers: bearer(ownerToken),
        payload: { url, events: ['task.finished'] },
      });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 422 });
      expect(response.json().detail[0]).toMatchObject({ loc: ['body', 'url'] });
      expect(response.json().detail[0].msg).toMatch(/^No enviamos webhooks a /);
    }
    expect(receiver.received).toHaveLength(0);
  });

  test('an endpoint that turned private after it was saved is refused at delivery time', async () => {
    // Saved while allowed (through the permissive app), then delivered by the strict one.
    const webhook = await createWebhook({ url: receiver.url, events: ['task.finished'] });
    const response = await strict.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${webhook.webhook_id}/test`,
      headers: bearer(ownerToken),
    });
    expect(response.json()).toMatchObject({
      status: 'failed',
      last_status_code: null,
      last_error: 'No enviamos webhooks a 127.0.0.1: es una dirección de loopback (este mismo servidor).',
    });
    expect(receiver.received).toHaveLength(0);
  });
});

describe('event delivery through the job queue', () => {
  let engine: WebhookEngine;
  let jobs: JobQueue;
  let resolutions: Record<string, string[]>;

  beforeAll(async () => {
    resolutions = {};
    const resolve: Resolver = async (hostname) => {
      const next = resolutions[hostname]?.shift();
      if (!next) throw new Error(`ENOTFOUND ${hostname}`);
      return [{ address: next, family: 4 }];
    };
    // The product's queue (pg-boss in the test database) with workers, as a worker process runs it.
    jobs = createJobQueue({ db: t.db, workers: true, onError: (error) => console.error(error) });
    engine = createWebhookEngine({
      db: t.db,
      secrets: createSecretBox(t.config.credentialsKey),
      settings: {
        allowedHosts: ['127.0.0.1', 'receptor.allowed.test'],
        attemptTimeoutMs: ANSWERING_RECEIVER_TIMEOUT_MS,
        retryDelaysMs: [50, 100, 100],
        testRateLimit: { max: 1_000, windowMs: 60_000 },
      },
      queue: jobDeliveryQueue(jobs),
      resolve,
    });
    registerWebhookJobs(jobs, engine);
    await jobs.start();
  });
  afterAll(() => jobs.stop());

  const freshUser = async () => {
    const user = await seedUser(t.db);
    return { user, token: await tokenFor(t.config, t.db, user.id) };
  };

  const deliveriesOf = async (webhookId: string, token: string) =>
    zPage(zWebhookDelivery).parse((await api('GET', `/webhooks/${webhookId}/deliveries`, token)).json()).data;

  /** The deliveries of the endpoint once none is pending any more. */
  async function settled(webhookId: string, token: string): Promise<WebhookDelivery[]> {
    let deliveries: WebhookDelivery[] = [];
    await waitFor(async () => {
      deliveries = await deliveriesOf(webhookId, token);
      return deliveries.every((delivery) => delivery.status === 'delivered' || delivery.status === 'failed');
    });
    return deliveries;
  }

  const taskFinished = {
    task_id: '3f1c2b9e-8a4d-4c1e-9b7a-2d5e6f7a8b9c',
    type: 2 as const,
    type_label: 'Vinculación de servicio',
    status: 1 as const,
    status_label: 'Éxito',
    workflow: 1,
    credential_id: null,
    message: null,
    associations: { total: 3, succeeded: 3, failed: 0 },
    created_at: '2025-03-01T10:00:00.000Z',
    finished_at: '2025-03-01T10:02:00.000Z',
  };

  test('only enabled endpoints subscribed to the event get it', async () => {
    const { user, token } = await freshUser();
    const subscribed = await createWebhook({ url: receiver.url, events: ['task.finished'] }, token);
    const others = [
      await createWebhook({ url: receiver.url, events: ['period.created'] }, token),
      await createWebhook({ url: receiver.url, events: ['task.finished'], enabled: false }, token),
    ];
    expect(await engine.publish(user.id, 'task.finished', taskFinished)).toBe(1);
    const [request] = await receiver.waitFor(1);
    expect(JSON.parse(request?.body ?? '')).toEqual({
      type: 'task.finished',
      timestamp: expect.any(String),
      data: taskFinished,
    });
    expect(verifySignature(subscribed.secret, request?.headers ?? {}, request?.body ?? '')).toBe(true);
    // A delivery is recorded before it is sent: the other endpoints have none to send.
    expect(await settled(subscribed.webhook_id, token)).toHaveLength(1);
    for (const other of others) expect(await deliveriesOf(other.webhook_id, token)).toEqual([]);
    expect(receiver.received).toHaveLength(1);
  });

  test('failures are retried with the same webhook-id and a fresh signature until one succeeds', async () => {
    const { user, token } = await freshUser();
    const webhook = await createWebhook({ url: receiver.url, events: ['task.finished'] }, token);
    receiver.answer({ status: 500 }, { status: 503 }, { status: 301, headers: { location: '/otra' } });
    await engine.publish(user.id, 'task.finished', taskFinished);
    const requests = await receiver.waitFor(4);
    const [delivery] = await settled(webhook.webhook_id, token);
    expect(delivery).toMatchObject({
      status: 'delivered',
      attempts: 4,
      last_status_code: 200,
      last_error: null,
    });
    expect(new Set(requests.map((request) => request.headers['webhook-id']))).toEqual(
      new Set([delivery?.message_id]),
    );
    for (const request of requests)
      expect(verifySignature(webhook.secret, request.headers, request.body)).toBe(true);
    expect(new Set(requests.map((request) => request.body)).size).toBe(1);
  });

  test('a delivery gives up after the last retry of the schedule', async () => {
    const { user, token } = await freshUser();
    const webhook = await createWebhook({ url: receiver.url, events: ['task.finished'] }, token);
    receiver.answer({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    await engine.publish(user.id, 'task.finished', taskFinished);
    await receiver.waitFor(4);
    const [delivery] = await settled(webhook.webhook_id, token);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 4,
      last_status_code: 500,
      next_attempt_at: null,
    });
    // Failed for good, with no attempt left to schedule: the receiver got exactly the four.
    expect(receiver.received).toHaveLength(4);
  });

  test('a queued delivery of an endpoint disabled meanwhile is cancelled', async () => {
    const { user, token } = await freshUser();
    const held: string[] = [];
    const holding = createWebhookEngine({
      db: t.db,
      secrets: createSecretBox(t.config.credentialsKey),
      settings: t.config.webhooks,
      queue: { enqueue: async (id) => void held.push(id) },
    });
    const webhook = await createWebhook({ url: receiver.url, events: ['task.finished'] }, token);
    expect(await holding.publish(user.id, 'task.finished', taskFinished)).toBe(1);
    await api('PATCH', `/webhooks/${webhook.webhook_id}`, token, { enabled: false });
    await holding.attempt(held[0] as string);
    const [delivery] = await settled(webhook.webhook_id, token);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 0 });
    expect(delivery?.last_error).toBe('El webhook está desactivado; la entrega se canceló.');
    expect(receiver.received).toHaveLength(0);
  });

  test('the sweep queues again a delivery whose job was lost, and forgets old finished ones', async () => {
    const { user, token } = await freshUser();
    const lost = createWebhookEngine({
      db: t.db,
      secrets: createSecretBox(t.config.credentialsKey),
      settings: t.config.webhooks,
      queue: { enqueue: async () => undefined },
    });
    const webhook = await createWebhook({ url: receiver.url, events: ['task.finished'] }, token);
    await lost.publish(user.id, 'task.finished', taskFinished);
    await t.db.query(
      "UPDATE webhook_deliveries SET next_attempt_at = now() - interval '10 minutes' WHERE webhook_id = $1",
      [webhook.webhook_id],
    );
    expect(await engine.requeueOverdue()).toBe(1);
    const [delivered] = await settled(webhook.webhook_id, token);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1 });

    await t.db.query(
      "UPDATE webhook_deliveries SET updated_at = now() - interval '31 days' WHERE webhook_id = $1",
      [webhook.webhook_id],
    );
    expect(await engine.pruneFinished()).toBeGreaterThanOrEqual(1);
    expect(await settled(webhook.webhook_id, token)).toEqual([]);
  });

  test('the connection goes to the address that was checked (pinned), not to a second DNS answer', async () => {
    const { user, token } = await freshUser();
    const url = `http://receptor.allowed.test:${receiver.port}/pinned`;
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/',
      headers: bearer(token),
      payload: { url, events: ['task.finished'] },
    });
    // The permissive app resolves with the system resolver, which knows no such name: accepted, checked at delivery.
    expect(webhook.statusCode).toBe(200);
    // One answer for the delivery's check: a second lookup (by the socket) would find nothing.
    resolutions['receptor.allowed.test'] = ['127.0.0.1'];
    await engine.publish(user.id, 'task.finished', taskFinished);
    const [request] = await receiver.waitFor(1);
    expect(request?.url).toBe('/pinned');
    expect(request?.headers.host).toBe(`receptor.allowed.test:${receiver.port}`);
  });

  test('a name that resolves to a private address at delivery time is refused (DNS rebinding)', async () => {
    const { user, token } = await freshUser();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/',
      headers: bearer(token),
      payload: { url: `http://rebind.example.test:${receiver.port}/x`, events: ['task.finished'] },
    });
    resolutions['rebind.example.test'] = ['10.0.0.1', '169.254.169.254', '192.168.0.5', '100.64.0.1'];
    await engine.publish(user.id, 'task.finished', taskFinished);
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM webhooks WHERE user_id = $1', [
      user.id,
    ]);
    const webhookId = rows[0]?.id as string;
    const [delivery] = await settled(webhookId, token);
    expect(delivery?.status).toBe('failed');
    expect(delivery).toMatchObject({ attempts: 4, last_status_code: null });
    expect(delivery?.last_error).toBe(
      'No enviamos webhooks a rebind.example.test: apunta a una dirección de una red privada.',
    );
    expect(receiver.received).toHaveLength(0);
  });
});

describe('POST /webhooks/admin/{rpu_id}/test', () => {
  let rpuId: string;
  let admin: TestUser;
  let adminToken: string;
  beforeAll(async () => {
    admin = await seedSuperuser(t.db);
    adminToken = await tokenFor(t.config, t.db, admin.id);
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO rpus (user_id, service_number, alias, rpu_status) VALUES ($1, '123456789012', 'Planta Norte', 1)
       RETURNING id`,
      [owner.id],
    );
    rpuId = rows[0]?.id as string;
  });

  test('is for superusers only: 401 anonymous, 403 for an ordinary user', async () => {
    expect((await api('POST', `/webhooks/admin/${rpuId}/test`)).statusCode).toBe(401);
    const regular = await api('POST', `/webhooks/admin/${rpuId}/test`, ownerToken);
    expect(regular.statusCode).toBe(403);
    expect(regular.json()).toEqual({
      detail: 'No tienes permisos para realizar esta acción',
      code: 'forbidden',
    });
  });

  test('sends the RPU to each enabled endpoint of its owner; 404 for an unknown RPU', async () => {
    const before = zPage(zWebhook)
      .parse((await api('GET', '/webhooks/?page_size=500', ownerToken)).json())
      .data.filter((webhook) => webhook.enabled);
    const response = await api('POST', `/webhooks/admin/${rpuId}/test`, adminToken);
    expect(response.statusCode).toBe(200);
    const deliveries = zWebhookDelivery.array().parse(response.json());
    expect(deliveries.map((delivery) => delivery.webhook_id).sort()).toEqual(
      before.map((webhook) => webhook.webhook_id).sort(),
    );
    const rpu: WebhookRpu = {
      rpu_id: rpuId,
      service_number: '123456789012',
      alias: 'Planta Norte',
      rpu_status: 1,
      credential_id: null,
    };
    const bodies = receiver.received.map((request) => JSON.parse(request.body));
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) expect(body).toMatchObject({ type: 'webhook.test', data: { rpu } });

    const missing = await api(
      'POST',
      '/webhooks/admin/00000000-0000-4000-8000-000000000000/test',
      adminToken,
    );
    expect(missing.statusCode).toBe(404);
  });
});

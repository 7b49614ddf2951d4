import WebSocket from 'ws';
import { createSyncEventHub } from '../sync-events/hub';
import { CLOSE_TOKEN_EXPIRED, CLOSE_TOO_MANY_SOCKETS } from '../sync-events/routes';
import { bearer, form, login, seedSuperuser, seedUser, syncEvent, tokenFor } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';

// ASVS 5.0 §7.4.1: logging out ends the session on the server at once, and a WebSocket opened
// before a logout, a password change or a deactivation closes at once (in every API process).

let a: TestApp;
let b: TestApp;
let baseA: string;
let baseB: string;
beforeAll(async () => {
  a = await createTestApp();
  // A second API process on the same database: what a load balancer puts behind one URL.
  b = await createTestApp({ database: a.database, config: { secretKey: a.config.secretKey } });
  baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const me = (token: string, app = a) =>
  app.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
const logout = (token: string, app = a) =>
  app.app.inject({ method: 'POST', url: '/api/v1/logout', headers: bearer(token) });

type OpenSocket = { socket: WebSocket; state: { code: number | null }; messages: string[] };

/** An open socket, the close code it received (null while open) and the events it got. */
async function openSocket(base: string, token: string): Promise<OpenSocket> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/api/v1/credentials/ws/events?token=${token}`);
  const state = { code: null as number | null };
  const messages: string[] = [];
  socket.on('close', (code) => {
    state.code = code;
  });
  socket.on('message', (data) => messages.push(String(data)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, state, messages };
}

async function closedWith(state: { code: number | null }) {
  await waitFor(() => state.code !== null);
  return state.code;
}

/**
 * Whether the server keeps `open`: an event published to its user now reaches it, unless the
 * server closed it first (a socket over the cap is closed right after the upgrade, and a socket
 * whose session ended is closed before anything else is sent to it).
 */
async function stillOpen(open: OpenSocket, userId: string) {
  const before = open.messages.length;
  await createSyncEventHub({ db: a.db }).publish(userId, syncEvent());
  await waitFor(() => open.messages.length > before || open.state.code !== null);
  return open.state.code === null;
}

test('logout revokes that token at once, in every process; other sessions go on', async () => {
  const user = await seedUser(a.db);
  const laptop = await login(a.app, user.email, user.password);
  const phone = await login(a.app, user.email, user.password);
  const done = await logout(laptop);
  expect(done.statusCode).toBe(200);
  expect(done.json()).toEqual({ message: 'Cerraste sesión' });
  for (const app of [a, b]) {
    const refused = await me(laptop, app);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe('Tu sesión no es válida o expiró. Inicia sesión de nuevo.');
    expect((await me(phone, app)).statusCode).toBe(200);
  }
  expect((await logout(laptop)).statusCode).toBe(401);
  const { rows } = await a.db.query('SELECT 1 FROM revoked_tokens WHERE user_id = $1', [user.id]);
  expect(rows).toHaveLength(1);
});

test('a WebSocket opened before a logout closes at once, on another process too; other tokens stay', async () => {
  const user = await seedUser(a.db);
  const ended = await login(a.app, user.email, user.password);
  const kept = await login(a.app, user.email, user.password);
  const onA = await openSocket(baseA, ended);
  const onB = await openSocket(baseB, ended);
  const other = await openSocket(baseB, kept);
  expect((await logout(ended)).statusCode).toBe(200);
  expect(await closedWith(onA.state)).toBe(CLOSE_TOKEN_EXPIRED);
  expect(await closedWith(onB.state)).toBe(CLOSE_TOKEN_EXPIRED);
  expect(await stillOpen(other, user.id)).toBe(true);
  other.socket.close();
});

test('a password change closes the older sockets; the new token opens a new one', async () => {
  const user = await seedUser(a.db);
  const token = await login(a.app, user.email, user.password);
  const socket = await openSocket(baseB, token);
  const changed = await a.app.inject({
    method: 'PATCH',
    url: '/api/v1/users/me/password',
    headers: bearer(token),
    payload: { current_password: user.password, new_password: 'Una-Frase-Larga-De-Verdad-7' },
  });
  expect(changed.statusCode).toBe(200);
  expect(await closedWith(socket.state)).toBe(CLOSE_TOKEN_EXPIRED);
  const fresh = await openSocket(baseB, changed.json().access_token);
  fresh.socket.close();
});

test('a temporary password or a deactivation by a superuser closes the user’s sockets', async () => {
  const admin = await seedSuperuser(a.db);
  const adminToken = await tokenFor(a.config, a.db, admin.id);
  const user = await seedUser(a.db);
  const first = await openSocket(baseA, await login(a.app, user.email, user.password));
  const temporal = await a.app.inject({
    method: 'POST',
    url: `/api/v1/users/${user.id}/set-temporal-password`,
    ...form({}),
    headers: { ...form({}).headers, ...bearer(adminToken) },
  });
  expect(temporal.statusCode).toBe(200);
  expect(await closedWith(first.state)).toBe(CLOSE_TOKEN_EXPIRED);

  const second = await openSocket(baseB, await tokenFor(a.config, a.db, user.id));
  const deactivated = await a.app.inject({
    method: 'PATCH',
    url: `/api/v1/users/${user.id}`,
    headers: bearer(adminToken),
    payload: { is_active: false },
  });
  expect(deactivated.statusCode).toBe(200);
  expect(await closedWith(second.state)).toBe(CLOSE_TOKEN_EXPIRED);
});

describe('caps', () => {
  let capped: TestApp;
  let base: string;
  beforeAll(async () => {
    capped = await createTestApp({
      database: a.database,
      config: {
        secretKey: a.config.secretKey,
        webSocketsPerUser: 2,
        syncRateLimit: { max: 2, windowMs: 60_000 },
        recoveryAddressRateLimit: { max: 3, windowMs: 60_000 },
      },
    });
    base = await capped.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => capped.close());

  test('WEBSOCKETS_PER_USER: one socket too many is closed with 4429; a closed one frees its place', async () => {
    const user = await seedUser(a.db);
    const token = await tokenFor(a.config, a.db, user.id);
    const first = await openSocket(base, token);
    await openSocket(base, token);
    const third = await openSocket(base, token);
    expect(await closedWith(third.state)).toBe(CLOSE_TOO_MANY_SOCKETS);
    // Someone else is not affected.
    const other = await seedUser(a.db);
    const theirs = await openSocket(base, await tokenFor(a.config, a.db, other.id));
    first.socket.close();
    await closedWith(first.state);
    // The server frees the place when it sees the close, which may come just after the client's:
    // a socket refused until then is tried again; one that is never kept runs into jest's limit.
    let again: OpenSocket | null = null;
    await waitFor(async () => {
      again = await openSocket(base, token);
      return stillOpen(again, user.id);
    });
    (again as OpenSocket | null)?.socket.close();
    theirs.socket.close();
  });

  test('SYNC_RATE_LIMIT: one budget per user over every door into the engine, then a Spanish 429', async () => {
    const user = await seedUser(a.db);
    const token = await tokenFor(a.config, a.db, user.id);
    const placeholder = '00000000-0000-4000-8000-000000000000';
    const start = (url: string, payload: object = {}) =>
      capped.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(token), payload });
    expect((await start(`/credentials/sync/${placeholder}`)).statusCode).toBe(404);
    expect((await start(`/payment-history/rpu/${placeholder}/sync`)).statusCode).toBe(404);
    for (const url of [`/credentials/sync/${placeholder}`, `/rpus/sync/${placeholder}/${placeholder}`]) {
      const refused = await start(url);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toMatch(
        /^Iniciaste demasiadas sincronizaciones seguidas\. Intenta de nuevo en/,
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const retry = await start('/tasks/user-retry', { task_ids: [placeholder] });
    expect(retry.statusCode).toBe(429);
    const other = await seedUser(a.db);
    const theirs = await capped.app.inject({
      method: 'POST',
      url: `/api/v1/credentials/sync/${placeholder}`,
      headers: bearer(await tokenFor(a.config, a.db, other.id)),
      payload: {},
    });
    expect(theirs.statusCode).toBe(404);
  });

  test('RECOVERY_ADDRESS_RATE_LIMIT: reset mails per client address whatever the e-mail', async () => {
    const recover = (email: string, remoteAddress = '10.20.30.40') =>
      capped.app.inject({ method: 'POST', url: `/api/v1/password-recovery/${email}`, remoteAddress });
    for (const index of [1, 2, 3]) expect((await recover(`persona-${index}@luz.test`)).statusCode).toBe(200);
    const refused = await recover('persona-4@luz.test');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Demasiadas solicitudes de recuperación/);
    expect((await recover('persona-4@luz.test', '10.20.30.41')).statusCode).toBe(200);
  });
});

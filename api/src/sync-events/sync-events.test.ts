import type { SyncEvent } from '@luz/shared/contract';
import WebSocket from 'ws';
import { createTokenService } from '../auth/tokens';
import { MAX_NOTIFY_PAYLOAD_BYTES } from '../db/database';
import { openPostgres } from '../db/postgres';
import { syncEvent as event, seedUser, tokenFor } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { testDatabaseKind } from '../testing/test-database';
import { waitFor } from '../testing/wait-for';
import { encodeEnvelope } from './hub';
import { CLOSE_TOKEN_EXPIRED } from './routes';

let a: TestApp;
let baseA: string;
beforeAll(async () => {
  a = await createTestApp();
  baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => a.close());

const wsUrl = (base: string, query: string) =>
  `${base.replace(/^http/, 'ws')}/api/v1/credentials/ws/sync-events${query}`;

/** Opens a socket and collects its messages; resolves once open, or with the refusal's HTTP status. */
function connect(url: string) {
  const messages: unknown[] = [];
  const socket = new WebSocket(url);
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const opened = new Promise<{ status: number | null }>((resolve, reject) => {
    socket.once('open', () => resolve({ status: null }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ status: response.statusCode ?? null });
      socket.terminate();
    });
    socket.once('error', (error) => {
      if (socket.readyState !== WebSocket.CLOSED) reject(error);
    });
  });
  return { socket, messages, opened };
}

test('a missing or bad token is refused with HTTP 401 before the upgrade', async () => {
  const user = await seedUser(a.db);
  const stale = await tokenFor(a.config, a.db, user.id);
  await a.db.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [user.id]);
  for (const query of ['', '?token=', '?token=no.es.token', `?token=${stale}`]) {
    const { opened } = connect(wsUrl(baseA, query));
    expect(await opened).toEqual({ status: 401 });
  }
});

test('events reach every open socket of their owner and nobody else', async () => {
  const owner = await seedUser(a.db);
  const stranger = await seedUser(a.db);
  const first = connect(wsUrl(baseA, `?token=${await tokenFor(a.config, a.db, owner.id)}`));
  const second = connect(wsUrl(baseA, `?token=${await tokenFor(a.config, a.db, owner.id)}`));
  const other = connect(wsUrl(baseA, `?token=${await tokenFor(a.config, a.db, stranger.id)}`));
  for (const { opened } of [first, second, other]) expect(await opened).toEqual({ status: null });

  const published = event({ progress: 50, message: 'Vinculando servicio…' });
  await publish(a, owner.id, published);
  await waitFor(() => first.messages.length === 1 && second.messages.length === 1);
  expect(first.messages).toEqual([published]);
  expect(second.messages).toEqual([published]);
  // Events reach sockets in the order they were published: the stranger's own one comes after
  // anything of the owner's it might (wrongly) have been sent.
  const theirs = event({ progress: 10 });
  await publish(a, stranger.id, theirs);
  await waitFor(() => other.messages.length > 0);
  expect(other.messages).toEqual([theirs]);

  first.socket.close();
  await waitFor(() => first.socket.readyState === WebSocket.CLOSED);
  await publish(a, owner.id, event({ progress: 100, event_type: 'success', status: 1 }));
  await waitFor(() => second.messages.length === 2);
  expect(first.messages).toHaveLength(1);
  second.socket.close();
  other.socket.close();
});

test('the socket closes (4401) when the token that opened it expires', async () => {
  const user = await seedUser(a.db);
  // Issued 55 s ago with a one-minute lifetime: 5 s left, enough to open the socket on a loaded machine.
  const token = createTokenService({
    secretKey: a.config.secretKey,
    expireMinutes: 1,
    now: () => Date.now() - 55_000,
  }).issue(user.id, user.tokenVersion);
  const client = connect(wsUrl(baseA, `?token=${token}`));
  expect(await client.opened).toEqual({ status: null });
  const code = await new Promise<number>((resolve) =>
    client.socket.once('close', (closeCode) => resolve(closeCode)),
  );
  expect(code).toBe(CLOSE_TOKEN_EXPIRED);
});

const postgresOnly = testDatabaseKind() === 'postgres' ? test : test.skip;

postgresOnly('an event published by one API process reaches a socket connected to another', async () => {
  // B has its own connections to the same database, as another process would.
  const url = a.database.url as string;
  const db = openPostgres(url, { maxConnections: 2 });
  const b = await createTestApp({ database: { db, url, drop: () => db.close() } });
  try {
    const baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await seedUser(a.db);
    const client = connect(wsUrl(baseB, `?token=${await tokenFor(b.config, b.db, owner.id)}`));
    // Tokens are signed per app in tests; each app has its own secret, so B checks B's token.
    expect(await client.opened).toEqual({ status: null });
    const published = event({ event_type: 'error', status: 2, message: 'Contraseña de CFE incorrecta' });
    await publish(a, owner.id, published);
    await waitFor(() => client.messages.length === 1);
    expect(client.messages).toEqual([published]);
    client.socket.close();
  } finally {
    await b.close();
    await db.close();
  }
});

test('payloads stay under the NOTIFY limit: a long message is shortened, the rest kept', () => {
  const long = event({ message: 'ñ'.repeat(10_000) });
  const payload = encodeEnvelope('u1', long);
  expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_NOTIFY_PAYLOAD_BYTES);
  const decoded = JSON.parse(payload);
  expect(decoded.user_id).toBe('u1');
  expect(decoded.event.message.endsWith('…')).toBe(true);
  expect({ ...decoded.event, message: null }).toEqual({ ...long, message: null });
  const short = event({ message: 'Sincronizando' });
  expect(JSON.parse(encodeEnvelope('u1', short)).event).toEqual(short);
});

/** What a worker does: publish through the hub of the process it runs in. */
async function publish(app: TestApp, userId: string, published: SyncEvent) {
  const { createSyncEventHub } = await import('./hub');
  await createSyncEventHub({ db: app.db }).publish(userId, published);
}

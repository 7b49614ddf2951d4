import type { Database } from '../db/database';
import { openPostgres } from '../db/postgres';
import { bearer, login, seedSuperuser, seedUser, type TestUser, tokenFor } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../testing/test-database';
import { waitForValue } from '../testing/wait-for';

// The auth guard keeps checked callers for a few seconds (issue 17) and must still refuse at once
// whoever was deactivated, demoted, logged out or given a new password: the database announces
// every such change (migration 101) and the cache drops the user before the write resolves.

/** The test database, counting the auth guard's reads of users. */
function counted(database: TestDatabase): { database: TestDatabase; userReads: () => number } {
  let reads = 0;
  const db: Database = {
    ...database.db,
    query(sql, params) {
      if (/FROM users u WHERE u\.id = \$1/.test(sql)) reads += 1;
      return database.db.query(sql, params);
    },
  };
  return { database: { ...database, db }, userReads: () => reads };
}

let t: TestApp;
let userReads: () => number;
let admin: TestUser;
let adminToken: string;

beforeAll(async () => {
  const watched = counted(await createTestDatabase());
  userReads = watched.userReads;
  t = await createTestApp({ database: watched.database });
  admin = await seedSuperuser(t.db);
  adminToken = await tokenFor(t.config, t.db, admin.id);
});
afterAll(async () => {
  await t.close();
  await t.database.drop();
});

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });
const me = (token: string) => api('GET', '/users/me', token);

async function signedIn() {
  const user = await seedUser(t.db);
  const token = await tokenFor(t.config, t.db, user.id);
  expect((await me(token)).statusCode).toBe(200);
  return { user, token };
}

test('a caller checked a moment ago is not read from the database again', async () => {
  const { token } = await signedIn();
  // On PostgreSQL the news of the seeding's own writes also reaches the other pooled connections,
  // a moment later, and drops the entry once more: wait until a request is answered from memory.
  for (let settled = userReads(); ; settled = userReads()) {
    await me(token);
    if (userReads() === settled) break;
  }
  const before = userReads();
  for (let request = 0; request < 5; request += 1) expect((await me(token)).statusCode).toBe(200);
  expect(userReads()).toBe(before);
});

test('a deactivated user is refused on the very next request, by the API or straight in the database', async () => {
  const byApi = await signedIn();
  const deactivated = await api('PATCH', `/users/${byApi.user.id}`, adminToken, { is_active: false });
  expect(deactivated.statusCode).toBe(200);
  expect((await me(byApi.token)).statusCode).toBe(403);

  const bySql = await signedIn();
  await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [bySql.user.id]);
  expect((await me(bySql.token)).statusCode).toBe(403);
});

test('a logged-out token is refused on the very next request; the same user’s other session goes on', async () => {
  const user = await seedUser(t.db);
  const laptop = await login(t.app, user.email, user.password);
  const phone = await login(t.app, user.email, user.password);
  expect((await me(laptop)).statusCode).toBe(200);
  expect((await me(phone)).statusCode).toBe(200);
  expect((await api('POST', '/logout', laptop)).statusCode).toBe(200);
  expect((await me(laptop)).statusCode).toBe(401);
  expect((await me(phone)).statusCode).toBe(200);
});

test('a new password retires the tokens issued before it at once', async () => {
  const user = await seedUser(t.db);
  const token = await login(t.app, user.email, user.password);
  expect((await me(token)).statusCode).toBe(200);
  const reset = await t.app.inject({
    method: 'POST',
    url: `/api/v1/users/${user.id}/set-temporal-password`,
    headers: bearer(adminToken),
  });
  expect(reset.statusCode).toBe(200);
  expect((await me(token)).statusCode).toBe(401);
});

test('a superuser who loses the flag is refused the admin routes at once', async () => {
  const other = await seedSuperuser(t.db);
  const token = await tokenFor(t.config, t.db, other.id);
  expect((await api('GET', '/users/', token)).statusCode).toBe(200);
  await t.db.query('UPDATE users SET is_superuser = false WHERE id = $1', [other.id]);
  expect((await api('GET', '/users/', token)).statusCode).toBe(403);
});

test('adding and removing a portal account shows in has_credentials at once', async () => {
  const { token } = await signedIn();
  expect((await me(token)).json().has_credentials).toBe(false);
  const created = await api('POST', '/credentials/', token, {
    cfe_user: 'compras@aceros.mx',
    password: 'secreto-del-portal-1',
  });
  expect(created.statusCode).toBe(200);
  expect((await me(token)).json().has_credentials).toBe(true);
  await t.db.query('DELETE FROM credentials WHERE id = $1', [created.json().credential_id]);
  expect((await me(token)).json().has_credentials).toBe(false);
});

test('a profile change shows on the next request', async () => {
  const { token } = await signedIn();
  expect((await api('PATCH', '/users/me', token, { full_name: 'Nombre Nuevo' })).statusCode).toBe(200);
  expect((await me(token)).json().full_name).toBe('Nombre Nuevo');
});

// Two API processes on one PostgreSQL server, each with its own connections and cache: a change
// made through one reaches the other's cache with the notification, within milliseconds.
(testDatabaseKind() === 'postgres' ? test : test.skip)(
  'another API process refuses a user deactivated through this one as soon as the news arrives',
  async () => {
    const url = t.database.url as string;
    const otherDb = openPostgres(url, { maxConnections: 2 });
    // Its clock stands still: its cache never lets the user go by age, only on the news.
    const frozen = Date.now();
    const other = await createTestApp({
      database: { db: otherDb, url, drop: () => otherDb.close() },
      config: { secretKey: t.config.secretKey },
      now: () => frozen,
    });
    try {
      const { user, token } = await signedIn();
      const there = (tokenToUse: string) =>
        other.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(tokenToUse) });
      expect((await there(token)).statusCode).toBe(200);
      await api('PATCH', `/users/${user.id}`, adminToken, { is_active: false });
      const status = await waitForValue(async () => {
        const answer = (await there(token)).statusCode;
        return answer !== 200 && answer;
      });
      expect(status).toBe(403);
    } finally {
      await other.close();
      await otherDb.close();
    }
  },
);

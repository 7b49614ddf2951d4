import { randomUUID } from 'node:crypto';
import type { HTTPMethods } from 'fastify';
import { bearer, seedSuperuser, seedUser, tokenFor } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Every superuser-only endpoint of spec §7 and of the admin console. Each one that this build
 * registers must answer 401 without a token and 403 to an ordinary user, before looking at the
 * request (so a bad body or an unknown id reveals nothing), and never 403 to a superuser. The
 * front end logs out on 401/403 (spec §8), so it must never call these for ordinary users.
 */
const adminEndpoints: { method: HTTPMethods; url: string; owner: string }[] = [
  { method: 'GET', url: '/users/', owner: 'admin' },
  { method: 'PATCH', url: '/users/:id', owner: 'admin' },
  { method: 'POST', url: '/users/:id/set-temporal-password', owner: 'admin' },
  { method: 'POST', url: '/webhooks/admin/:id/test', owner: 'admin' },
  { method: 'GET', url: '/rpus/admin', owner: 'rpus' },
  { method: 'POST', url: '/rpus/admin/delete/bulk', owner: 'rpus' },
  { method: 'GET', url: '/rpus/admin/:id/complete', owner: 'rpus' },
  // /tasks/logs, /tasks/stats and PATCH /tasks/logs/bulk serve everyone: their own tasks, a superuser's all.
  { method: 'GET', url: '/tasks/admin/logs/:id', owner: 'sync' },
  { method: 'POST', url: '/tasks/retry', owner: 'sync' },
];

let t: TestApp;
let userToken: string;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await seedUser(t.db);
  userToken = await tokenFor(t.config, t.db, user.id);
  const admin = await seedSuperuser(t.db);
  adminToken = await tokenFor(t.config, t.db, admin.id);
});
afterAll(() => t.close());

test.each(adminEndpoints)(
  '$method $url: 401 anonymous, 403 ordinary user, allowed to superusers',
  async (endpoint) => {
    const url = `/api/v1${endpoint.url.replace(':id', randomUUID())}`;
    const call = (headers: Record<string, string>) =>
      t.app.inject({
        method: endpoint.method,
        url,
        headers,
        payload: endpoint.method === 'GET' ? undefined : {},
      });
    const anonymous = await call({});
    if (anonymous.statusCode === 404 && endpoint.owner !== 'admin') {
      // Another engineer's endpoint, not part of this build yet: covered once it is merged.
      return;
    }
    expect(anonymous.statusCode).toBe(401);
    const regular = await call(bearer(userToken));
    expect(regular.statusCode).toBe(403);
    expect(regular.json()).toEqual({
      detail: 'No tienes permisos para realizar esta acción',
      code: 'forbidden',
    });
    expect((await call(bearer(adminToken))).statusCode).not.toBe(403);
  },
);

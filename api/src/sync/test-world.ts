// Jest only (it registers hooks): kept apart from test-helpers.ts, which benchmarks import too.
import type { Switches } from '../portal/replica/state';
import { bearer, seedUser, type TestUser, tokenFor } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { type SyncReplica, startSyncReplica, syncConfig } from './test-helpers';

/**
 * One test file's world: the replica of CFE's pages and the real app with workers pointed at it,
 * started before the file's tests and closed after them. Read `t` and `replica` inside tests.
 */
export function syncTestWorld() {
  const world = {
    t: undefined as unknown as TestApp,
    replica: undefined as unknown as SyncReplica,
    /** A new user and a token of theirs. */
    async owner(): Promise<{ user: TestUser; token: string }> {
      const user = await seedUser(world.t.db);
      return { user, token: await tokenFor(world.t.config, world.t.db, user.id) };
    },
    /** A POST to the API (`url` under /api/v1) as the token's owner: its status and JSON body. */
    async post(token: string, url: string, payload: object = {}) {
      const response = await world.t.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: bearer(token),
        payload,
      });
      return { status: response.statusCode, body: response.json() };
    },
    /** A new CFE account on the replica (`prefix-xxxxxx`), and its service numbers in order. */
    newAccount(prefix: string, services: number, switches: Partial<Switches> = {}) {
      const username = `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
      const account = world.replica.state.addAccount({ username, password: 'Demo-2024', services, switches });
      return { username, account, services: world.replica.services(username).sort() };
    },
  };
  beforeAll(async () => {
    world.replica = await startSyncReplica();
    world.t = await createTestApp({ config: syncConfig(world.replica.url) });
  });
  afterAll(async () => {
    await world.t.close();
    await world.replica.close();
  });
  return world;
}

// Jest only (it registers hooks): kept apart from test-helpers.ts, which benchmarks import too.
import { seedUser, type TestUser, tokenFor } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { startSimulator, syncConfig } from './test-helpers';

export type Simulator = Awaited<ReturnType<typeof startSimulator>>;

/**
 * One test file's world: the portal simulator and the real app with workers pointed at it,
 * started before the file's tests and closed after them. Read `t` and `simulator` inside tests.
 */
export function syncTestWorld() {
  const world = {
    t: undefined as unknown as TestApp,
    simulator: undefined as unknown as Simulator,
    /** A new user and a token of theirs. */
    async owner(): Promise<{ user: TestUser; token: string }> {
      const user = await seedUser(world.t.db);
      return { user, token: await tokenFor(world.t.config, world.t.db, user.id) };
    },
  };
  beforeAll(async () => {
    world.simulator = await startSimulator();
    world.t = await createTestApp({ config: syncConfig(world.simulator.url) });
  }, 60_000);
  afterAll(async () => {
    await world.t.close();
    await world.simulator.close();
  });
  return world;
}

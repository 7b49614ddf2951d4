import { zTaskStats } from '@luz/shared/contract';
import { bearer, seedSuperuser, seedUser, tokenFor } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

/** The admin console's chart: a superuser counts everyone's tasks (or one owner's); others, their own. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function seedTask(userId: string, type: number, status: number) {
  await t.db.query('INSERT INTO tasks (user_id, type, status, workflow) VALUES ($1, $2, $3, 1)', [
    userId,
    type,
    status,
  ]);
}

test('GET /tasks/stats: everyone for a superuser, one owner with user_id, only their own for anyone else', async () => {
  const ana = await seedUser(t.db);
  const beto = await seedUser(t.db);
  const admin = await seedSuperuser(t.db);
  await seedTask(ana.id, 1, 1);
  await seedTask(ana.id, 1, 2);
  await seedTask(beto.id, 3, 1);
  const stats = async (userId: string, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tasks/stats${query}`,
      headers: bearer(await tokenFor(t.config, t.db, userId)),
    });
    expect(response.statusCode).toBe(200);
    return zTaskStats.parse(response.json());
  };

  expect(await stats(admin.id)).toEqual({
    total: 3,
    counts: [
      { type: 1, status: 1, count: 1 },
      { type: 1, status: 2, count: 1 },
      { type: 3, status: 1, count: 1 },
    ],
  });
  expect((await stats(admin.id, `?user_id=${beto.id}`)).counts).toEqual([{ type: 3, status: 1, count: 1 }]);
  expect((await stats(ana.id)).total).toBe(2);
  expect((await stats(ana.id, `?user_id=${beto.id}`)).total).toBe(2);
});

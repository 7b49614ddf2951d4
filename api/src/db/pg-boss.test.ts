import PgBoss from 'pg-boss';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { waitFor } from '../testing/wait-for';
import { pgBossDatabase } from './pg-boss';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ migrated: false });
});
afterAll(() => t.drop());

test('pg-boss 10 runs on our data layer (PGlite included) and completes a job', async () => {
  const boss = new PgBoss({ db: pgBossDatabase(t.db), supervise: false, schedule: false });
  const errors: Error[] = [];
  boss.on('error', (error) => errors.push(error));
  await boss.start();
  try {
    await boss.createQueue('saludos');
    const done = new Promise<unknown>((resolve) => {
      void boss.work<{ nombre: string }>('saludos', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        resolve(job?.data);
        return { saludo: `hola ${job?.data.nombre}` };
      });
    });
    const id = await boss.send('saludos', { nombre: 'Ana' });
    expect(await done).toEqual({ nombre: 'Ana' });

    await waitFor(async () => (await boss.getJobById('saludos', id as string))?.state === 'completed');
    expect((await boss.getJobById('saludos', id as string))?.output).toEqual({ saludo: 'hola Ana' });
  } finally {
    await boss.stop({ graceful: true, wait: true, close: false });
  }
  expect(errors).toEqual([]);
});

import type { SyncEvent } from '@luz/shared/contract';
import WebSocket from 'ws';
import { createJobQueue } from '../jobs/job-queue';
import type { Switches } from '../portal/replica/state';
import { serviceProfile } from '../portal/simulator/world';
import { waitForMail } from '../testing/outbox';
import { waitFor } from '../testing/wait-for';
import {
  associationsOf,
  FEWEST_RECEIPTS,
  rpuState,
  SHORT_HISTORY,
  seedCredential,
  seedRpu,
  waitForTask,
} from './test-helpers';
import { syncTestWorld } from './test-world';
import { AUTOFETCH_QUEUE } from './workers';

const world = syncTestWorld();
const owner = () => world.owner();

const newAccount = (services: number, switches: Partial<Switches> = {}) =>
  world.newAccount('cuenta', services, switches);

/** The holder's name as CFE has it: what linking a service needs. */
const holderOf = (serviceNumber: string) => serviceProfile(serviceNumber).holderName;

test('portal-space sync: the account’s services become service points, each synced, under one task', async () => {
  const { user, token } = await owner();
  const { username, services } = newAccount(3, SHORT_HISTORY);
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: username });
  // A service point the user already had (not in the portal account yet): linked, then synced.
  const extra = await seedRpu(world.t, user.id, {
    serviceNumber: '661234567891',
    credentialId,
    holderName: holderOf('661234567891'),
  });

  const started = await world.post(token, `/credentials/sync/${credentialId}`);
  expect(started.status).toBe(202);
  expect(started.body).toMatchObject({ type: 0, workflow: 2 });
  const task = await waitForTask(world.t, token, started.body.task_id);
  // Four service points; the step that read the account is not one of them.
  expect(task).toMatchObject({
    status: 1,
    counts: { total: 4, success: 4 },
    message: '4 servicios sincronizados.',
  });

  const associations = await associationsOf(world.t, task.task_id);
  expect(associations[0]).toMatchObject({ rpu_id: null, chain_step: 'fetching_data', status: 1 });
  const { rows } = await world.t.db.query<{ id: string; service_number: string; rpu_status: number }>(
    'SELECT id, service_number, rpu_status FROM rpus WHERE user_id = $1 ORDER BY service_number',
    [user.id],
  );
  expect(rows.map((row) => row.service_number).sort()).toEqual([...services, '661234567891'].sort());
  expect(rows.every((row) => row.rpu_status === 1)).toBe(true);
  const linkedExtra = associations.find((association) => association.rpu_id === extra);
  expect(linkedExtra).toMatchObject({ chain_step: 'syncing_again', status: 1 });
});

test('bulk sync never runs more steps at once per credential than allowed', async () => {
  const { user, token } = await owner();
  const { username, account, services } = newAccount(6, { ...SHORT_HISTORY, latencyMs: 20 });
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: username });
  for (const serviceNumber of services) await seedRpu(world.t, user.id, { serviceNumber, credentialId });
  world.replica.state.stats.peakInFlight.delete(username);
  const started = await world.post(token, `/credentials/sync/${credentialId}`, { workflow: 3 });
  expect(started.status).toBe(202);
  const task = await waitForTask(world.t, token, started.body.task_id);
  expect(task).toMatchObject({ status: 1, type: 0, workflow: 3, counts: { total: 6, success: 6 } });
  // One lane per credential and one session, a chain of pages: one request at a time.
  expect(world.replica.state.stats.peakInFlight.get(username)).toBe(1);
  expect(account.services).toHaveLength(6);
});

test('a wrong password ends every waiting service point of the credential without asking the portal again', async () => {
  const { user, token } = await owner();
  const { username, services } = newAccount(5);
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: username, password: 'no-es' });
  for (const serviceNumber of services) await seedRpu(world.t, user.id, { serviceNumber, credentialId });
  const logins = world.replica.state.stats.byPage.get('Login.aspx') ?? 0;
  const started = await world.post(token, `/credentials/sync/${credentialId}`, { workflow: 3 });
  const task = await waitForTask(world.t, token, started.body.task_id);
  expect(task).toMatchObject({ status: 3, counts: { total: 5, user_error: 5 } });
  // One login page and its post, never one per service.
  expect((world.replica.state.stats.byPage.get('Login.aspx') ?? 0) - logins).toBe(2);
  const { rows } = await world.t.db.query<{ rpu_status: number }>(
    'SELECT rpu_status FROM rpus WHERE user_id = $1',
    [user.id],
  );
  expect(rows.every((row) => row.rpu_status === 4)).toBe(true);
});

test('a portal-space sync whose login is refused counts that one failure, with the portal’s reason', async () => {
  const { user, token } = await owner();
  const { username } = newAccount(2);
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: username, password: 'no-es' });
  const started = await world.post(token, `/credentials/sync/${credentialId}`);
  const task = await waitForTask(world.t, token, started.body.task_id);
  expect(task).toMatchObject({ status: 3, counts: { total: 1, success: 0, user_error: 1 } });
  const [account] = await associationsOf(world.t, task.task_id);
  expect(task.message).toBe(account?.message);
});

test('bulk link links with the consulted total, or with the user’s total where the consultation has nothing', async () => {
  const { user, token } = await owner();
  const { username, account } = newAccount(0);
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: username });
  const consulted = '771234567891';
  // "Consulta tu recibo" has nothing for it (it ends in 7): the total to pay the user copied.
  const missing = '771234567897';
  const lastPayment = world.replica.world
    .service(missing)
    ?.documents.find((document) => document.kind === 'receipt')?.totalToPay;
  const rpus = [
    await seedRpu(world.t, user.id, {
      serviceNumber: consulted,
      credentialId,
      holderName: holderOf(consulted),
    }),
    await seedRpu(world.t, user.id, {
      serviceNumber: missing,
      credentialId,
      holderName: holderOf(missing),
      lastPayment: String(lastPayment),
    }),
  ];
  const started = await world.post(token, `/credentials/sync/${credentialId}`, { workflow: 4 });
  expect(started.body).toMatchObject({ type: 2, workflow: 4 });
  const task = await waitForTask(world.t, token, started.body.task_id);
  expect(task).toMatchObject({ status: 1, counts: { total: 2, success: 2 } });
  expect(account.services.map((service) => service.serviceNumber).sort()).toEqual([consulted, missing]);
  for (const rpuId of rpus) expect(await rpuState(world.t, rpuId)).toMatchObject({ rpu_status: 1 });
});

test('payment history sync stores each payment once; without a portal user it is a user error (status 5)', async () => {
  const { user, token } = await owner();
  const credentialId = await seedCredential(world.t, user.id);
  const [serviceNumber] = world.replica.services('empresa.demo');
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber: serviceNumber as string, credentialId });
  // The receipts first: payment CFDIs that name no service are tied to them.
  await waitForTask(
    world.t,
    token,
    (await world.post(token, `/rpus/sync/${credentialId}/${rpuId}`)).body.task_id,
  );
  const first = await waitForTask(
    world.t,
    token,
    (await world.post(token, `/payment-history/rpu/${rpuId}/sync`)).body.task_id,
  );
  expect(first).toMatchObject({ status: 1, type: 3, workflow: 5 });
  const count = async () =>
    (
      await world.t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM payment_history WHERE rpu_id = $1',
        [rpuId],
      )
    ).rows[0]?.n;
  const stored = await count();
  expect(stored).toBeGreaterThanOrEqual(FEWEST_RECEIPTS);
  await waitForTask(
    world.t,
    token,
    (await world.post(token, `/payment-history/rpu/${rpuId}/sync`)).body.task_id,
  );
  expect(await count()).toBe(stored);

  const orphan = await seedRpu(world.t, user.id, { serviceNumber: '881234567891' });
  const failed = await waitForTask(
    world.t,
    token,
    (await world.post(token, `/payment-history/rpu/${orphan}/sync`)).body.task_id,
  );
  expect(failed.status).toBe(3);
  expect(await rpuState(world.t, orphan)).toMatchObject({ rpu_status: 5 });
});

test('CFE’s XML throttle is waited out, not stormed: one refusal per throttle, and the sync finishes', async () => {
  const { user, token } = await owner();
  const { username, services } = newAccount(1, { xmlThrottle: { every: 5, coolDownMs: 0 } });
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: username });
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber: services[0] as string, credentialId });
  world.replica.state.resetStatistics();
  const started = await world.post(token, `/rpus/sync/${credentialId}/${rpuId}`);
  const task = await waitForTask(world.t, token, started.body.task_id);
  expect(task.status).toBe(1);
  const { xml } = world.replica.state.stats.downloads;
  const refused = world.replica.state.stats.xmlThrottled;
  // Each throttle message makes the credential cool down before the next download.
  expect(refused).toBeGreaterThan(0);
  expect(refused).toBeLessThanOrEqual(Math.ceil(xml / 5) + 1);
}, 90_000);

test('a CFDI naming another service is never stored; after three attempts the sync fails (status 2)', async () => {
  const { user, token } = await owner();
  const { username, services } = newAccount(1);
  const serviceNumber = services[0] as string;
  world.replica.mismatchedXml.add(serviceNumber);
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: username });
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber, credentialId });
  const task = await waitForTask(
    world.t,
    token,
    (await world.post(token, `/rpus/sync/${credentialId}/${rpuId}`)).body.task_id,
  );
  expect(task.status).toBe(2);
  const [association] = await associationsOf(world.t, task.task_id);
  expect(association?.message).toContain('otro servicio');
  const { rows } = await world.t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM documents WHERE rpu_id = $1',
    [rpuId],
  );
  expect(rows[0]?.n).toBe(0);
});

test('a new receipt e-mails the owner when notifications are on; the first sync does not', async () => {
  const { user, token } = await owner();
  const credentialId = await seedCredential(world.t, user.id);
  const [, serviceNumber] = world.replica.services('empresa.demo');
  const rpuId = await seedRpu(world.t, user.id, {
    serviceNumber: serviceNumber as string,
    credentialId,
    sendEmailNotifications: true,
    alias: 'Bodega Norte',
  });
  await waitForTask(
    world.t,
    token,
    (await world.post(token, `/rpus/sync/${credentialId}/${rpuId}`)).body.task_id,
  );
  // Forget the newest period, as if CFE had just published it.
  await world.t.db.query(
    'DELETE FROM periods WHERE id = (SELECT id FROM periods WHERE rpu_id = $1 ORDER BY final_date DESC LIMIT 1)',
    [rpuId],
  );
  await waitForTask(
    world.t,
    token,
    (await world.post(token, `/rpus/sync/${credentialId}/${rpuId}`)).body.task_id,
  );
  const mail = await waitForMail(world.t.outboxDir, user.email);
  expect(mail.subject).toContain('Bodega Norte');
  expect(mail.text).toContain('Periodo del');
  // A mail of the first sync would have come before this one.
  const { readOutbox } = await import('../testing/outbox');
  expect(
    (await readOutbox(world.t.outboxDir)).filter((candidate) => candidate.to.includes(user.email)),
  ).toHaveLength(1);
});

test('service points with autofetch due are synced in one bulk task per credential', async () => {
  const { user, token } = await owner();
  const { username, services } = newAccount(2, SHORT_HISTORY);
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: username });
  for (const serviceNumber of services)
    await seedRpu(world.t, user.id, { serviceNumber, credentialId, withAutofetch: true });
  await seedRpu(world.t, user.id, { serviceNumber: '991234567891', credentialId });
  // What the schedule does every few minutes, from any process.
  const jobs = createJobQueue({ db: world.t.db, workers: false });
  await jobs.send(AUTOFETCH_QUEUE, {});
  await jobs.stop();
  let rows: { id: string }[] = [];
  await waitFor(async () => {
    ({ rows } = await world.t.db.query<{ id: string }>(
      'SELECT id FROM tasks WHERE user_id = $1 AND workflow = 3',
      [user.id],
    ));
    return rows.length > 0;
  });
  expect(rows).toHaveLength(1);
  const task = await waitForTask(world.t, token, (rows[0] as { id: string }).id);
  expect(task.counts.total).toBe(2);
  const { rows: next } = await world.t.db.query<{ due: boolean }>(
    "SELECT next_autofetch_at > now() + interval '23 hours' AS due FROM rpus WHERE user_id = $1 AND with_autofetch",
    [user.id],
  );
  expect(next.every((row) => row.due)).toBe(true);
});

test('every step change reaches the owner’s socket as a sync event, and nobody else’s', async () => {
  const { user, token } = await owner();
  const stranger = await owner();
  const base = await world.t.app.listen({ port: 0, host: '127.0.0.1' });
  const listen = (accessToken: string) => {
    const received: SyncEvent[] = [];
    const socket = new WebSocket(
      `${base.replace(/^http/, 'ws')}/api/v1/credentials/ws/eventos?token=${accessToken}`,
    );
    socket.on('message', (data) => received.push(JSON.parse(String(data))));
    return { received, socket, open: new Promise((resolve) => socket.once('open', resolve)) };
  };
  const mine = listen(token);
  const theirs = listen(stranger.token);
  await Promise.all([mine.open, theirs.open]);
  const credentialId = await seedCredential(world.t, user.id);
  const rpuId = await seedRpu(world.t, user.id, {
    serviceNumber: '121234567891',
    credentialId,
    holderName: holderOf('121234567891'),
  });
  const task = await waitForTask(
    world.t,
    token,
    (await world.post(token, `/rpus/sync/${credentialId}/${rpuId}`)).body.task_id,
  );
  await waitFor(() => mine.received.some((event) => event.event_type === 'success'));
  const steps = mine.received.map((event) => event.chain_step);
  expect(steps).toEqual(expect.arrayContaining(['fetching_service_data', 'linking', 'syncing_portal']));
  const last = mine.received.at(-1) as SyncEvent;
  expect(last).toMatchObject({
    event_type: 'success',
    status: 1,
    progress: 100,
    chain_workflow: 1,
    task_id: task.task_id,
    rpu_id: rpuId,
    credential_id: credentialId,
    service_number: '121234567891',
  });
  expect(mine.received.every((event) => event.task_id === task.task_id)).toBe(true);
  expect(theirs.received).toEqual([]);
  mine.socket.close();
  theirs.socket.close();
});

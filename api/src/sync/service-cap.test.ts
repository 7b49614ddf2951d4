import { RpuStatus } from '@luz/shared/contract';
import { serviceProfile } from '../portal/simulator/world';
import { bearer } from '../testing/fixtures';
import { seedCredential, seedRpu, waitForTask } from './test-helpers';
import { syncTestWorld } from './test-world';

// PORTAL_SERVICE_CAP (10 in tests): CFE reportedly blocks accounts with more than 10 services, so
// linking never goes past it unless the request confirms it (issue 14).

const world = syncTestWorld();

/** A CFE account with `services` registered, all of them synced before in Luz under one credential. */
async function accountWithActiveServices(userId: string, services: number) {
  const username = `tope-${Math.random().toString(36).slice(2, 8)}`;
  const account = world.replica.state.addAccount({ username, password: 'Demo-2024', services });
  const credentialId = await seedCredential(world.t, userId, { cfeUser: username });
  for (const serviceNumber of world.replica.services(username)) {
    const id = await seedRpu(world.t, userId, { serviceNumber, credentialId });
    await world.t.db.query('UPDATE rpus SET rpu_status = $2, last_synced_at = now() WHERE id = $1', [
      id,
      RpuStatus.verified,
    ]);
  }
  return { account, credentialId };
}

const newService = (userId: string, credentialId: string, serviceNumber: string) =>
  seedRpu(world.t, userId, {
    serviceNumber,
    credentialId,
    holderName: serviceProfile(serviceNumber).holderName,
  });

test('linking past the cap is refused on exceed_service_cap until the user confirms it', async () => {
  const { user, token } = await world.owner();
  const { account, credentialId } = await accountWithActiveServices(user.id, 9);
  const first = await newService(user.id, credentialId, '781234567891');
  const second = await newService(user.id, credentialId, '781234567892');

  const refused = await world.post(token, `/credentials/sync/${credentialId}`, {
    workflow: 4,
    rpu_ids: [first, second],
  });
  expect(refused.status).toBe(422);
  expect(refused.body.detail).toEqual([
    expect.objectContaining({ loc: ['body', 'exceed_service_cap'], type: 'service_cap' }),
  ]);
  expect(refused.body.detail[0].msg).toContain('quedaría con 11 servicios y el límite configurado es 10');
  // Nothing was queued.
  const { rows } = await world.t.db.query('SELECT 1 FROM tasks WHERE user_id = $1', [user.id]);
  expect(rows).toHaveLength(0);

  // Up to the cap needs no confirmation.
  const withinCap = await world.post(token, `/credentials/sync/${credentialId}`, {
    workflow: 4,
    rpu_ids: [first],
  });
  expect(withinCap.status).toBe(202);
  expect(await waitForTask(world.t, token, withinCap.body.task_id)).toMatchObject({ status: 1 });
  expect(account.services).toHaveLength(10);

  // One more, on its own: refused, then confirmed.
  const single = await world.post(token, `/rpus/sync/${credentialId}/${second}`);
  expect(single.status).toBe(422);
  expect(single.body.detail[0].loc).toEqual(['body', 'exceed_service_cap']);
  const confirmed = await world.post(token, `/rpus/sync/${credentialId}/${second}`, {
    exceed_service_cap: true,
  });
  expect(confirmed.status).toBe(202);
  expect(await waitForTask(world.t, token, confirmed.body.task_id)).toMatchObject({ status: 1 });
  expect(account.services).toHaveLength(11);
});

test('a bulk sync of services already in the account never asks, however many they are', async () => {
  const { user, token } = await world.owner();
  const { credentialId } = await accountWithActiveServices(user.id, 11);
  // A refused password left them all failed: fixing it syncs them again, unasked.
  await world.t.db.query('UPDATE rpus SET rpu_status = $2 WHERE credential_id = $1', [
    credentialId,
    RpuStatus.badCredentials,
  ]);
  const started = await world.post(token, `/credentials/sync/${credentialId}`, { workflow: 3 });
  expect(started.status).toBe(202);
  expect(started.body).toMatchObject({ workflow: 3, counts: { total: 11 } });
});

test('CFE’s own list at the cap stops an unconfirmed run before it posts; a confirmed one links', async () => {
  const { user, token } = await world.owner();
  // Luz knows none of the account's ten services: its estimate lets the request through, and
  // the connector's count of AdministrarServicios stops the link.
  const username = `tope-${Math.random().toString(36).slice(2, 8)}`;
  const account = world.replica.state.addAccount({ username, password: 'Demo-2024', services: 10 });
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: username });
  const rpu = await newService(user.id, credentialId, '781234567893');

  const started = await world.post(token, `/credentials/sync/${credentialId}`, {
    workflow: 4,
    rpu_ids: [rpu],
  });
  expect(started.status).toBe(202);
  const task = await waitForTask(world.t, token, started.body.task_id);
  expect(task).toMatchObject({ status: 3 });
  expect(account.services).toHaveLength(10);

  const confirmed = await world.post(token, `/credentials/sync/${credentialId}`, {
    workflow: 4,
    rpu_ids: [rpu],
    exceed_service_cap: true,
  });
  expect(await waitForTask(world.t, token, confirmed.body.task_id)).toMatchObject({ status: 1 });
  expect(account.services).toHaveLength(11);
});

/** The service point as the list shows it: its failure and the fix it offers. */
const failureOf = async (token: string, rpuId: string) =>
  (await world.t.app.inject({ method: 'GET', url: `/api/v1/rpus/${rpuId}`, headers: bearer(token) })).json<{
    failure_reason: string | null;
    rpu_status: number;
  }>();

test('each page error names its fix: the cap asks for confirmation, CFE’s own limit for room, a wrong name for the name', async () => {
  const { user, token } = await world.owner();
  // CFE itself refuses a third service in this account.
  const username = `lleno-${Math.random().toString(36).slice(2, 8)}`;
  world.replica.state.addAccount({
    username,
    password: 'Demo-2024',
    services: 2,
    switches: { serviceCap: 2 },
  });
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: username });
  const full = await newService(user.id, credentialId, '781234567894');
  const misnamed = await seedRpu(world.t, user.id, {
    serviceNumber: '781234567895',
    credentialId,
    holderName: 'OTRA EMPRESA SA DE CV',
  });
  const started = await world.post(token, `/credentials/sync/${credentialId}`, {
    workflow: 4,
    rpu_ids: [full, misnamed],
    exceed_service_cap: true,
  });
  expect(await waitForTask(world.t, token, started.body.task_id)).toMatchObject({ status: 3 });
  expect(await failureOf(token, full)).toMatchObject({ rpu_status: 3, failure_reason: 'service_limit' });
  expect(await failureOf(token, misnamed)).toMatchObject({
    rpu_status: 3,
    failure_reason: 'needs_holder_name',
  });

  const inbox = await world.t.app.inject({
    method: 'GET',
    url: '/api/v1/attention/',
    headers: bearer(token),
  });
  expect(
    inbox
      .json()
      .data.map((item: { reason: string }) => item.reason)
      .sort(),
  ).toEqual(['needs_holder_name', 'service_limit']);
});

test('a run stopped at the cap offers the confirmation as its fix', async () => {
  const { user, token } = await world.owner();
  const username = `tope-${Math.random().toString(36).slice(2, 8)}`;
  world.replica.state.addAccount({ username, password: 'Demo-2024', services: 10 });
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: username });
  const rpu = await newService(user.id, credentialId, '781234567896');
  const started = await world.post(token, `/rpus/sync/${credentialId}/${rpu}`);
  expect(await waitForTask(world.t, token, started.body.task_id)).toMatchObject({ status: 3 });
  expect(await failureOf(token, rpu)).toMatchObject({ failure_reason: 'service_cap' });
  // The fix: the same sync, confirmed.
  const confirmed = await world.post(token, `/rpus/sync/${credentialId}/${rpu}`, {
    exceed_service_cap: true,
  });
  expect(await waitForTask(world.t, token, confirmed.body.task_id)).toMatchObject({ status: 1 });
  expect(await failureOf(token, rpu)).toMatchObject({ rpu_status: 1, failure_reason: null });
});

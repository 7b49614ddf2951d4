// "Consulta tu recibo" may ask for an image CAPTCHA after "Continuar" (REAL-CFE.md §2,
// MainContent_Imagemanual): the run pauses on it as on the login's, the owner answers it through
// the credential's endpoint, and the paused run posts the answer when it resumes (a wrong one
// brings a new image); the account's own session is left as it was.
import { type PortalConnection, TaskStatus } from '@luz/shared/contract';
import { serviceProfile } from '../portal/simulator/world';
import { bearer, seedUser, tokenFor } from '../testing/fixtures';
import { waitFor } from '../testing/wait-for';
import { associationsOf, seedCredential, seedRpu, waitForTask } from './test-helpers';
import { syncTestWorld } from './test-world';

const world = syncTestWorld();

async function call<T>(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await world.t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    payload,
  });
  return { status: response.statusCode, body: response.json<T>() };
}

const shownChallenge = async (token: string, credentialId: string) =>
  call<{ challenge_id: string; image: string }>(token, 'GET', `/credentials/${credentialId}/captcha`);

test('the consultation’s CAPTCHA pauses the link; a wrong answer brings another image, the right one links', async () => {
  world.replica.state.global.consultationCaptcha = 'always';
  const username = `consulta-${Math.random().toString(36).slice(2, 8)}`;
  const account = world.replica.state.addAccount({ username, password: 'Demo-2024', services: 0 });
  const user = await seedUser(world.t.db);
  const token = await tokenFor(world.t.config, world.t.db, user.id);
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: username });
  const serviceNumber = '791234567891';
  const rpuId = await seedRpu(world.t, user.id, {
    serviceNumber,
    credentialId,
    holderName: serviceProfile(serviceNumber).holderName,
  });

  const started = await call<{ task_id: string }>(token, 'POST', `/credentials/sync/${credentialId}`, {
    workflow: 4,
    rpu_ids: [rpuId],
  });
  expect(started.status).toBe(202);
  const taskId = started.body.task_id;
  const association = async () => (await associationsOf(world.t, taskId))[0];

  // Paused, not failed.
  await waitFor(async () => (await association())?.message?.includes('Resuelve el captcha') ?? false);
  expect(await association()).toMatchObject({ status: TaskStatus.pending });
  const first = (await shownChallenge(token, credentialId)).body;
  expect(first.image).toMatch(/^data:image\//);

  // A wrong answer: kept for the run, which posts it and meets a new image.
  const wrong = await call<PortalConnection>(token, 'POST', `/credentials/${credentialId}/captcha`, {
    challenge_id: first.challenge_id,
    answer: 'nada',
  });
  expect(wrong.body).toMatchObject({ state: 'answered', challenge: null });
  let second = first;
  await waitFor(async () => {
    const shown = await shownChallenge(token, credentialId);
    if (shown.status === 200) second = shown.body;
    return second.challenge_id !== first.challenge_id;
  });
  expect((await association())?.status).toBe(TaskStatus.pending);
  // The same challenge cannot be answered twice.
  const stale = await call(token, 'POST', `/credentials/${credentialId}/captcha`, {
    challenge_id: first.challenge_id,
    answer: 'otra',
  });
  expect(stale.status).toBe(409);

  const right = await call<PortalConnection>(token, 'POST', `/credentials/${credentialId}/captcha`, {
    challenge_id: second.challenge_id,
    answer: world.replica.state.captchas.at(-1)?.answer,
  });
  expect(right.body.state).toBe('answered');
  const task = await waitForTask(world.t, token, taskId);
  expect(task).toMatchObject({ status: TaskStatus.success });
  expect(account.services.map((service) => service.serviceNumber)).toContain(serviceNumber);
  const { rows } = await world.t.db.query<{ challenge_id: string | null }>(
    'SELECT challenge_id FROM portal_sessions WHERE id = $1',
    [credentialId],
  );
  expect(rows[0]?.challenge_id ?? null).toBeNull();
  world.replica.state.global.consultationCaptcha = 'off';
});

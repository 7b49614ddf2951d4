// CFE's CAPTCHA pauses a sync instead of failing it: the owner is asked through the sync events
// socket, answers through the credential's endpoint, and the run continues with the opened
// session; a later sync reuses that session. Unanswered in time, the run ends as a user error.
import { type CaptchaEvent, type PortalConnection, TaskStatus, zLiveEvent } from '@luz/shared/contract';
import { createJobQueue } from '../jobs/job-queue';
import { SYNC_EVENTS_CHANNEL } from '../sync-events/hub';
import { bearer, seedUser, tokenFor } from '../testing/fixtures';
import { readOutbox, waitForMail } from '../testing/outbox';
import { createTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';
import {
  associationsOf,
  rpuState,
  type SyncReplica,
  seedCredential,
  seedRpu,
  startSyncReplica,
  syncConfig,
  waitForTask,
} from './test-helpers';
import { AUTOFETCH_QUEUE } from './workers';

let replica: SyncReplica;
let t: TestApp;
const captchaEvents: CaptchaEvent[] = [];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  replica = await startSyncReplica();
  t = await createTestApp({ config: syncConfig(replica.url, { portal: { captchaTimeoutMs: 5 * 60_000 } }) });
  stopListening = await t.db.listen(SYNC_EVENTS_CHANNEL, (payload) => {
    const event = zLiveEvent.parse(JSON.parse(payload).event);
    if (event.event_type === 'captcha') captchaEvents.push(event);
  });
});

afterAll(async () => {
  await stopListening();
  await t.close();
  await replica.close();
});

/** A user with an account of the replica that always asks for the CAPTCHA at login. */
async function captchaAccount(app: TestApp, source: SyncReplica) {
  const username = `captcha-${Math.random().toString(36).slice(2, 8)}`;
  source.state.addAccount({ username, password: 'Demo-2024', services: 1, switches: { captcha: 'always' } });
  const user = await seedUser(app.db);
  const token = await tokenFor(app.config, app.db, user.id);
  const credentialId = await seedCredential(app, user.id, { cfeUser: username });
  const rpuId = await seedRpu(app, user.id, {
    serviceNumber: source.services(username)[0] as string,
    credentialId,
  });
  return { username, user, token, credentialId, rpuId };
}

async function call<T>(app: TestApp, token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await app.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });
  return { status: response.statusCode, body: response.json<T>() };
}

async function associationOf(app: TestApp, taskId: string) {
  return (await associationsOf(app, taskId))[0];
}

test('a CAPTCHA pauses the sync, the owner answers it (wrong, then right) and the sync finishes; the next needs none', async () => {
  const { username, token, credentialId, rpuId } = await captchaAccount(t, replica);
  const started = await call<{ task_id: string }>(
    t,
    token,
    'POST',
    `/rpus/sync/${credentialId}/${rpuId}`,
    {},
  );
  expect(started.status).toBe(202);
  const taskId = started.body.task_id;

  // Paused, not failed: the task is pending and says what to do; the owner's socket got the challenge.
  await waitFor(
    async () => (await associationOf(t, taskId))?.message?.includes('Resuelve el captcha') ?? false,
  );
  expect(await associationOf(t, taskId)).toMatchObject({ status: TaskStatus.pending, attempt: 0 });
  await waitFor(() =>
    captchaEvents.some((event) => event.credential_id === credentialId && event.challenge_id),
  );
  const asked = captchaEvents.find((event) => event.credential_id === credentialId && event.challenge_id);
  expect(asked).toMatchObject({ cfe_user: username });

  const shown = await call<{ challenge_id: string; image: string }>(
    t,
    token,
    'GET',
    `/credentials/${credentialId}/captcha`,
  );
  expect(shown.status).toBe(200);
  expect(shown.body.challenge_id).toBe(asked?.challenge_id);
  expect(shown.body.image).toMatch(/^data:image\//);

  // A wrong answer brings a new image; the run keeps waiting.
  const wrong = await call<PortalConnection>(t, token, 'POST', `/credentials/${credentialId}/captcha`, {
    challenge_id: shown.body.challenge_id,
    answer: 'nada',
  });
  expect(wrong.body.state).toBe('captcha');
  const next = wrong.body.challenge?.challenge_id as string;
  expect(next).not.toBe(shown.body.challenge_id);
  expect((await associationOf(t, taskId))?.status).toBe(TaskStatus.pending);

  const answer = replica.state.captchas.at(-1)?.answer as string;
  const right = await call<PortalConnection>(t, token, 'POST', `/credentials/${credentialId}/captcha`, {
    challenge_id: next,
    answer,
  });
  expect(right.body.state).toBe('connected');
  const task = await waitForTask(t, token, taskId);
  expect(task).toMatchObject({ status: TaskStatus.success });
  expect(task.periods_count).toBeGreaterThan(0);
  expect(await rpuState(t, rpuId)).toMatchObject({ rpu_status: 1 });

  // The session is kept (encrypted, for every process): a second sync logs in no more.
  const drawn = replica.state.stats.captchasDrawn;
  const logins = replica.state.stats.logins.get(username) ?? 0;
  const again = await call<{ task_id: string }>(t, token, 'POST', `/rpus/sync/${credentialId}/${rpuId}`, {});
  expect((await waitForTask(t, token, again.body.task_id)).status).toBe(TaskStatus.success);
  expect(replica.state.stats.captchasDrawn).toBe(drawn);
  expect(replica.state.stats.logins.get(username) ?? 0).toBe(logins);
  const { rows } = await t.db.query<{ logged_in: boolean; challenge_id: string | null }>(
    'SELECT logged_in, challenge_id FROM portal_sessions WHERE id = $1',
    [credentialId],
  );
  expect(rows[0]).toEqual({ logged_in: true, challenge_id: null });
});

test('a CAPTCHA nobody answers in time ends the run as a user error, asked once; a retry asks again', async () => {
  const other = await startSyncReplica();
  // Answers may come for 1.5 s here: the run must end by itself, whatever the machine's speed.
  const app = await createTestApp({ config: syncConfig(other.url, { portal: { captchaTimeoutMs: 1_500 } }) });
  try {
    const { token, credentialId, rpuId } = await captchaAccount(app, other);
    const started = await call<{ task_id: string }>(
      app,
      token,
      'POST',
      `/rpus/sync/${credentialId}/${rpuId}`,
      {},
    );
    const task = await waitForTask(app, token, started.body.task_id);
    expect(task.status).toBe(TaskStatus.userError);
    const association = await associationOf(app, task.task_id);
    expect(association?.message).toContain('captcha');
    expect(association?.attempt).toBe(0);
    // Asked once: one CAPTCHA drawn for this run, not one per wake-up.
    expect(other.state.stats.captchasDrawn).toBe(1);
    expect(await rpuState(app, rpuId)).toMatchObject({ rpu_status: 2 });

    const retried = await call<{ data: { task_id: string }[] }>(app, token, 'POST', '/tasks/user-retry', {
      task_ids: [task.task_id],
    });
    expect(retried.status).toBe(202);
    await waitForTask(app, token, retried.body.data[0]?.task_id as string);
    expect(other.state.stats.captchasDrawn).toBe(2);
  } finally {
    await app.close();
    await other.close();
  }
});

test('a scheduled autofetch that meets the CAPTCHA asks its owner once, in the app and by e-mail', async () => {
  const other = await startSyncReplica();
  const app = await createTestApp({ config: syncConfig(other.url, { portal: { captchaTimeoutMs: 1_500 } }) });
  try {
    const { user, token, rpuId } = await captchaAccount(app, other);
    await app.db.query('UPDATE rpus SET with_autofetch = true WHERE id = $1', [rpuId]);
    // What the schedule does every few minutes, from any process.
    const jobs = createJobQueue({ db: app.db, workers: false });
    await jobs.send(AUTOFETCH_QUEUE, {});
    await jobs.stop();
    let rows: { id: string }[] = [];
    await waitFor(async () => {
      ({ rows } = await app.db.query<{ id: string }>('SELECT id FROM tasks WHERE user_id = $1', [user.id]));
      return rows.length > 0;
    });
    const task = await waitForTask(app, token, rows[0]?.id as string);
    expect(task.status).toBe(TaskStatus.userError);
    const mail = await waitForMail(app.outboxDir, user.email);
    expect(mail.subject).toContain('captcha');
    expect(mail.text).toContain('Sincronizaciones');
    // Once: one CAPTCHA, one e-mail for the whole run.
    expect(other.state.stats.captchasDrawn).toBe(1);
    expect(
      (await readOutbox(app.outboxDir)).filter((candidate) => candidate.to.includes(user.email)),
    ).toHaveLength(1);
  } finally {
    await app.close();
    await other.close();
  }
});

import {
  type CaptchaEvent,
  CredentialStatus,
  zCaptchaChallenge,
  zLiveEvent,
  zPortalConnection,
} from '@luz/shared/contract';
import { createSecretBox } from '../crypto/secret-box';
import { replicaForTests } from '../portal/mi-espacio/test-replica';
import { loadPortalSession } from '../portal/session-store';
import { addCredential, apiOf, newCaller } from '../rpus/test-helpers';
import { SYNC_EVENTS_CHANNEL } from '../sync-events/hub';
import { createTestApp, type TestApp } from '../testing/test-app';
import { waitForValue } from '../testing/wait-for';

// "Conectar con CFE" and the CAPTCHA solved by its owner, against the replica of CFE's pages.

type Stats = { logins: Record<string, number>; captchas_drawn: number };

let world: Awaited<ReturnType<typeof replicaForTests>>;
let t: TestApp;
let api: ReturnType<typeof apiOf>;
const captchaEvents: CaptchaEvent[] = [];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  world = await replicaForTests();
  t = await createTestApp({ config: { portal: { url: world.replica.url, captchaTimeoutMs: 60_000 } } });
  api = apiOf(t);
  stopListening = await t.db.listen(SYNC_EVENTS_CHANNEL, (payload) => {
    const event = zLiveEvent.parse(JSON.parse(payload).event);
    if (event.event_type === 'captcha') captchaEvents.push(event);
  });
});

afterAll(async () => {
  await stopListening();
  await t.close();
  await world.close();
});

beforeEach(() => world.switches({ captcha: 'off', wrongPassword: false }));

const stats = () => world.control<Stats>('GET', '/stats');
const connection = (response: { statusCode: number; json: () => unknown }) => {
  expect(response.statusCode).toBe(200);
  return zPortalConnection.parse(response.json());
};

/** A new portal account of the replica, so that each test has its own sessions and counts. */
let accounts = 0;
async function replicaAccount(switches: Record<string, unknown> = {}) {
  accounts += 1;
  const username = `conexion-${accounts}.demo`;
  await world.control('POST', '/accounts', { username, password: 'Demo-2024', services: 2, switches });
  return username;
}

const credentialStatus = async (id: string) =>
  (await t.db.query<{ status: number }>('SELECT status FROM credentials WHERE id = $1', [id])).rows[0]
    ?.status;

test('adding an account connects it at once: the session is stored, sealed, and the account is valid', async () => {
  const cfeUser = await replicaAccount();
  const { token } = await newCaller(t);
  const credential = await addCredential(t, token, { cfe_user: cfeUser, password: 'Demo-2024' });
  const stored = await waitForValue(() =>
    loadPortalSession(t.db, createSecretBox(t.config.credentialsKey), credential.credential_id),
  );
  expect(stored.snapshot).toMatchObject({ loggedIn: true, cfeUser });
  const { rows } = await t.db.query<{ snapshot_encrypted: string }>(
    'SELECT snapshot_encrypted FROM portal_sessions WHERE id = $1',
    [credential.credential_id],
  );
  expect(rows[0]?.snapshot_encrypted).not.toContain('ASP.NET_SessionId');
  expect(rows[0]?.snapshot_encrypted).not.toContain('Demo-2024');
  await waitForValue(
    async () => (await credentialStatus(credential.credential_id)) === CredentialStatus.valid,
  );

  // "Conectar con CFE" again reuses the open session: no second login.
  const again = connection(await api('POST', `/credentials/${credential.credential_id}/connect`, token));
  expect(again).toMatchObject({ state: 'connected', challenge: null });
  expect((await stats()).logins[cfeUser]).toBe(1);
});

test('a wrong password is refused: the account says so and keeps no session', async () => {
  const cfeUser = await replicaAccount();
  const { token } = await newCaller(t);
  const credential = await addCredential(t, token, { cfe_user: cfeUser, password: 'no-es-esta' });
  await waitForValue(
    async () => (await credentialStatus(credential.credential_id)) === CredentialStatus.invalidPassword,
  );
  const refused = connection(await api('POST', `/credentials/${credential.credential_id}/connect`, token));
  expect(refused.state).toBe('refused');
  expect(refused.message).toContain('Revisa el usuario y la contraseña');
  const { rows } = await t.db.query('SELECT 1 FROM portal_sessions WHERE id = $1', [
    credential.credential_id,
  ]);
  expect(rows).toEqual([]);
});

test('a CAPTCHA reaches its owner; a wrong answer brings a new one, the right one opens the session for every process', async () => {
  const cfeUser = await replicaAccount({ captcha: 'always' });
  const { user, token } = await newCaller(t);
  const credential = await addCredential(t, token, { cfe_user: cfeUser, password: 'Demo-2024' });
  const id = credential.credential_id;

  const event = await waitForValue(async () =>
    captchaEvents.find((candidate) => candidate.credential_id === id && candidate.challenge_id),
  );
  expect(event).toMatchObject({ cfe_user: cfeUser, message: expect.stringContaining('captcha') });

  // Connecting again while it waits shows the same challenge, without drawing another.
  const drawn = (await stats()).captchas_drawn;
  const waiting = connection(await api('POST', `/credentials/${id}/connect`, token));
  expect(waiting).toMatchObject({ state: 'captcha', challenge: { challenge_id: event.challenge_id } });
  expect((await stats()).captchas_drawn).toBe(drawn);

  expect((await api('GET', `/credentials/${id}`, token)).json().captcha_pending).toBe(true);
  const shown = await api('GET', `/credentials/${id}/captcha`, token);
  expect(shown.statusCode).toBe(200);
  expect(shown.json()).toMatchObject({ challenge_id: event.challenge_id, cfe_user: cfeUser });
  expect(shown.json().image).toMatch(/^data:image\/svg\+xml;base64,/);

  const wrong = connection(
    await api('POST', `/credentials/${id}/captcha`, token, {
      challenge_id: event.challenge_id,
      answer: `${await world.captchaAnswer()}x`,
    }),
  );
  expect(wrong.state).toBe('captcha');
  expect(wrong.message).toContain('no coinciden');
  const second = wrong.challenge?.challenge_id;
  expect(second).toBeDefined();
  expect(second).not.toBe(event.challenge_id);

  // The old challenge can no longer be answered.
  const stale = await api('POST', `/credentials/${id}/captcha`, token, {
    challenge_id: event.challenge_id,
    answer: 'abcde',
  });
  expect(stale.statusCode).toBe(409);

  const right = connection(
    await api('POST', `/credentials/${id}/captcha`, token, {
      challenge_id: second,
      answer: await world.captchaAnswer(),
    }),
  );
  expect(right).toMatchObject({ state: 'connected', challenge: null });
  expect(await credentialStatus(id)).toBe(CredentialStatus.valid);
  await waitForValue(async () =>
    captchaEvents.find((candidate) => candidate.credential_id === id && candidate.challenge_id === null),
  );
  expect((await api('GET', `/credentials/${id}/captcha`, token)).statusCode).toBe(404);
  expect((await api('GET', `/credentials/${id}`, token)).json().captcha_pending).toBe(false);

  // Another process (its own connector) reuses the stored session: no new login, no CAPTCHA.
  const other = await createTestApp({
    database: t.database,
    config: {
      portal: { url: world.replica.url },
      credentialsKey: t.config.credentialsKey,
      secretKey: t.config.secretKey,
    },
  });
  try {
    const logins = (await stats()).logins[cfeUser];
    const reused = zPortalConnection.parse(
      (await apiOf(other)('POST', `/credentials/${id}/connect`, token)).json(),
    );
    expect(reused.state).toBe('connected');
    expect((await stats()).logins[cfeUser]).toBe(logins);
  } finally {
    await other.close();
  }
  expect(user.id).toBeDefined();
});

test('"otra imagen" draws a new CAPTCHA for a new login form', async () => {
  const cfeUser = await replicaAccount({ captcha: 'always' });
  const { token } = await newCaller(t);
  const credential = await addCredential(t, token, { cfe_user: cfeUser, password: 'Demo-2024' });
  const first = await waitForValue(async () => {
    const response = await api('GET', `/credentials/${credential.credential_id}/captcha`, token);
    return response.statusCode === 200 ? zCaptchaChallenge.parse(response.json()) : null;
  });
  const fresh = connection(await api('POST', `/credentials/${credential.credential_id}/captcha/new`, token));
  expect(fresh.state).toBe('captcha');
  expect(fresh.challenge?.challenge_id).not.toBe(first.challenge_id);
  expect(fresh.challenge?.image).not.toBe(first.image);
});

test('a superuser sees another user’s CAPTCHA but cannot answer it; another user cannot even see it', async () => {
  const cfeUser = await replicaAccount({ captcha: 'always' });
  const owner = await newCaller(t);
  const credential = await addCredential(t, owner.token, { cfe_user: cfeUser, password: 'Demo-2024' });
  const id = credential.credential_id;
  const challenge = await waitForValue(async () => {
    const response = await api('GET', `/credentials/${id}/captcha`, owner.token);
    return response.statusCode === 200 ? zCaptchaChallenge.parse(response.json()) : null;
  });
  const superuser = await newCaller(t, { isSuperuser: true });
  expect((await api('GET', `/credentials/${id}/captcha`, superuser.token)).json().challenge_id).toBe(
    challenge.challenge_id,
  );
  const answer = { challenge_id: challenge.challenge_id, answer: await world.captchaAnswer() };
  const refused = await api('POST', `/credentials/${id}/captcha`, superuser.token, answer);
  expect(refused.statusCode).toBe(403);
  expect(refused.json().detail).toBe('Solo la persona dueña de la cuenta de CFE puede resolver su captcha.');
  expect((await api('POST', `/credentials/${id}/captcha/new`, superuser.token)).statusCode).toBe(403);

  const stranger = await newCaller(t);
  expect((await api('GET', `/credentials/${id}/captcha`, stranger.token)).statusCode).toBe(404);
  expect((await api('POST', `/credentials/${id}/captcha`, stranger.token, answer)).statusCode).toBe(404);
  // The owner's answer still works.
  expect(connection(await api('POST', `/credentials/${id}/captcha`, owner.token, answer)).state).toBe(
    'connected',
  );
});

test('an unanswered CAPTCHA expires; a new password forgets the stored session', async () => {
  const cfeUser = await replicaAccount({ captcha: 'always' });
  const short = await createTestApp({
    database: t.database,
    config: { portal: { url: world.replica.url, captchaTimeoutMs: 150 } },
  });
  try {
    const shortApi = apiOf(short);
    const { token } = await newCaller(short);
    const credential = await addCredential(short, token, { cfe_user: cfeUser, password: 'Demo-2024' });
    const id = credential.credential_id;
    const asked = zPortalConnection.parse(
      (await shortApi('POST', `/credentials/${id}/connect`, token)).json(),
    );
    expect(asked.state).toBe('captcha');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await shortApi('GET', `/credentials/${id}/captcha`, token)).statusCode).toBe(404);
    const late = await shortApi('POST', `/credentials/${id}/captcha`, token, {
      challenge_id: asked.challenge?.challenge_id,
      answer: 'abcde',
    });
    expect(late.statusCode).toBe(409);

    await shortApi('PATCH', `/credentials/${id}`, token, { password: 'Otra-Clave-1' });
    const { rows } = await short.db.query('SELECT 1 FROM portal_sessions WHERE id = $1', [id]);
    expect(rows).toEqual([]);
  } finally {
    await short.close();
  }
});

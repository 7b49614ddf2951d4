import { demo, failureOf, replicaForTests } from './test-replica';

type Stats = { logins: Record<string, number>; by_page: Record<string, number>; captchas_drawn: number };

let world: Awaited<ReturnType<typeof replicaForTests>>;

beforeEach(async () => {
  world = await replicaForTests();
});

afterEach(async () => {
  await world.close();
});

const stats = () => world.control<Stats>('GET', '/stats');
const captchaUser = { key: 'cred-2', cfeUser: 'captcha.demo', password: 'Demo-2024' };

test('a wrong password is a user error with lblError, not tried again for a while', async () => {
  const portal = world.client();
  const wrong = { ...demo, password: 'otra-cosa' };
  const refused = await failureOf(portal.listServices(wrong));
  expect(refused).toMatchObject({ failure: 'login_refused', kind: 'invalid_credentials' });
  expect(refused.isUserError).toBe(true);
  expect(refused.message).toContain('El usuario o la contraseña son incorrectos.');
  const pages = (await stats()).by_page['Login.aspx'];
  expect(await failureOf(portal.listServices(wrong))).toBe(refused);
  expect((await stats()).by_page['Login.aspx']).toBe(pages);
  // The right password is tried at once.
  await expect(portal.listServices(demo)).resolves.toHaveLength(6);
});

test('a CAPTCHA on the login form is a challenge; unanswered it is shown again, wrong brings a new one, right logs in', async () => {
  await world.switches({ captcha: 'always' });
  const portal = world.client();
  const asked = await failureOf(portal.listServices(demo));
  expect(asked).toMatchObject({ failure: 'captcha_required', kind: 'captcha_required' });
  const challenge = asked.challenge;
  if (!challenge) throw new Error('no challenge');
  expect(challenge).toMatchObject({ scope: 'login', contentType: 'image/svg+xml' });
  expect(challenge.image.toString('utf8')).toContain('<svg');
  expect(JSON.stringify(challenge.session)).not.toContain('Demo-2024');

  // Unanswered: the same challenge again, without drawing another CAPTCHA.
  expect((await failureOf(portal.listServices(demo))).challenge).toBe(challenge);
  expect((await stats()).captchas_drawn).toBe(1);

  const answer = await world.captchaAnswer();
  const wrong = await failureOf(portal.openSession(demo, { challenge, answer: `${answer}x` }));
  expect(wrong).toMatchObject({ failure: 'captcha_refused', kind: 'captcha_required' });
  expect(wrong.challenge?.image.equals(challenge.image)).toBe(false);

  await portal.openSession(demo, {
    challenge: wrong.challenge as never,
    answer: await world.captchaAnswer(),
  });
  await expect(portal.listServices(demo)).resolves.toHaveLength(6);
  expect((await stats()).logins['empresa.demo']).toBe(1);
});

test("an account's CAPTCHA after a first try is answered by another worker, whose session the first one then uses", async () => {
  const first = world.client();
  const asked = await failureOf(first.listServices(captchaUser));
  expect(asked.failure).toBe('captcha_required');
  const challenge = asked.challenge;
  if (!challenge) throw new Error('no challenge');

  const second = world.client();
  await second.openSession(captchaUser, { challenge, answer: await world.captchaAnswer() });
  const snapshot = second.exportSession(captchaUser.key);
  if (!snapshot) throw new Error('no session');
  expect(snapshot).toMatchObject({ loggedIn: true, pending: null, cfeUser: 'captcha.demo' });

  const third = world.client();
  expect(
    third.importSession({ ...captchaUser, key: 'other' }, { ...snapshot, cfeUser: 'empresa.demo' }),
  ).toBe(false);
  expect(third.importSession(captchaUser, snapshot)).toBe(true);
  await expect(third.listServices(captchaUser)).resolves.toHaveLength(2);
  expect((await stats()).logins['captcha.demo']).toBe(1);
});

test('a challenge older than the form lifetime is replaced by a new CAPTCHA', async () => {
  await world.switches({ captcha: 'always' });
  const portal = world.client({ captchaLifetimeMs: 50 });
  const first = (await failureOf(portal.listServices(demo))).challenge;
  await new Promise((resolve) => setTimeout(resolve, 80));
  const second = (await failureOf(portal.listServices(demo))).challenge;
  expect(second).not.toBe(first);
  expect((await stats()).captchas_drawn).toBe(2);
});

test('a login answered in place (no redirect to Default.aspx) is a login too', async () => {
  await world.switches({ loginRedirect: false });
  const portal = world.client();
  await portal.openSession(demo);
  await expect(portal.listServices(demo)).resolves.toHaveLength(6);
});

test('the session is kept across calls and exported without the password', async () => {
  const portal = world.client();
  await portal.listServices(demo);
  await portal.listServices(demo);
  expect((await stats()).logins['empresa.demo']).toBe(1);
  const snapshot = portal.exportSession(demo.key);
  expect(JSON.stringify(snapshot)).not.toContain('Demo-2024');
  expect(JSON.stringify(snapshot)).toContain('ASP.NET_SessionId');
  expect(JSON.stringify(snapshot)).toContain('__AntiXsrfToken');
  portal.forget(demo.key);
  expect(portal.exportSession(demo.key)).toBeNull();
});

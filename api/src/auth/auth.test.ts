import { createTokenService } from '../auth/tokens';
import { bearer, form, login, seedUser, tokenFor } from '../testing/fixtures';
import { readOutbox, waitForMail } from '../testing/outbox';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
const attemptLogin = (username: string, password: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/v1/login/access-token', ...form({ username, password }) });

describe('login', () => {
  test('form-encoded credentials give a bearer token that opens the session', async () => {
    const user = await seedUser(t.db, { email: 'Ana.Lopez@Empresa.mx' });
    const response = await attemptLogin('  ana.lopez@empresa.MX ', user.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
    const profile = await me(body.access_token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id: user.id, email: 'ana.lopez@empresa.mx' });
  });

  test('a wrong password and an unknown e-mail get the same Spanish 400', async () => {
    const user = await seedUser(t.db);
    const wrong = await attemptLogin(user.email, 'no-es-la-contraseña');
    const unknown = await attemptLogin('nadie@luz.test', 'no-es-la-contraseña');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Correo o contraseña incorrectos', code: 'bad_request' });
    }
  });

  test('an inactive user is refused, at login and with an existing token', async () => {
    const user = await seedUser(t.db);
    const token = await tokenFor(t.config, t.db, user.id);
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [user.id]);
    const response = await attemptLogin(user.email, user.password);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/desactivada/);
    const session = await me(token);
    expect(session.statusCode).toBe(403);
    expect(session.json().detail).toMatch(/desactivada/);
  });

  test('missing fields are a 422 validation list', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      ...form({ username: 'a@b.mx' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([
      { loc: ['body', 'password'], msg: 'password is a required field', type: 'missing' },
    ]);
  });
});

describe('tokens', () => {
  test('no token, a malformed header or a bad token is 401 with a detail and WWW-Authenticate', async () => {
    const cases = [
      {},
      { authorization: 'Basic YTpi' },
      { authorization: 'Bearer' },
      { authorization: 'Bearer no.es.token' },
    ];
    for (const headers of cases) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: expect.any(String), code: 'unauthenticated' });
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
  });

  test('expired tokens, tokens signed with another key, alg none and tampered claims are 401', async () => {
    const user = await seedUser(t.db);
    const expired = createTokenService({
      secretKey: t.config.secretKey,
      expireMinutes: 1,
      now: () => Date.now() - 5 * 60_000,
    }).issue(user.id, user.tokenVersion);
    const foreign = createTokenService({
      secretKey: 'otra-clave-secreta'.repeat(3),
      expireMinutes: 60,
    }).issue(user.id, 0);
    const good = await tokenFor(t.config, t.db, user.id);
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const other = await seedUser(t.db);
    const swapped = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: other.id })).toString('base64url')}.${signature}`;
    for (const token of [expired, foreign, none, swapped]) {
      const response = await me(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBe('Tu sesión no es válida o expiró. Inicia sesión de nuevo.');
    }
    expect((await me(good)).statusCode).toBe(200);
  });

  test("a deleted user's token is refused", async () => {
    const user = await seedUser(t.db);
    const token = await tokenFor(t.config, t.db, user.id);
    await t.db.query('DELETE FROM users WHERE id = $1', [user.id]);
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      database: t.database,
      config: {
        loginRateLimit: { max: 3, windowMs: 60_000 },
        loginAddressRateLimit: { max: 6, windowMs: 60_000 },
        recoveryRateLimit: { max: 2, windowMs: 60_000 },
        signupRateLimit: { max: 2, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => limited.close());

  test('login: a few attempts per address and username, then 429 in Spanish with Retry-After', async () => {
    const user = await seedUser(limited.db);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await attemptLogin(user.email, 'equivocada', limited.app)).statusCode).toBe(400);
    }
    const blocked = await attemptLogin(user.email, user.password, limited.app);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(
      /^Demasiados intentos de inicio de sesión\. Intenta de nuevo en \d+ (segundos|minuto)/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address is not locked out by this one.
    const other = await seedUser(limited.db);
    expect((await attemptLogin(other.email, other.password, limited.app)).statusCode).toBe(200);
  });

  test('login: one address spraying many usernames is stopped too', async () => {
    const from = (remoteAddress: string, username: string, password = 'equivocada') =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/login/access-token',
        remoteAddress,
        ...form({ username, password }),
      });
    for (let attempt = 0; attempt < 6; attempt++) {
      expect((await from('10.9.9.9', `rociado-${attempt}@luz.test`)).statusCode).toBe(400);
    }
    const user = await seedUser(limited.db);
    const blocked = await from('10.9.9.9', user.email, user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Demasiados intentos de inicio de sesión/);
    expect((await from('10.8.8.8', user.email, user.password)).statusCode).toBe(200);
  });

  test('signup: a few accounts per address, whatever the e-mail', async () => {
    const signup = (email: string, remoteAddress = '127.0.0.1') =>
      limited.app.inject({
        method: 'POST',
        url: '/api/v1/users/signup',
        remoteAddress,
        payload: { email, password: 'Contraseña-larga-1', full_name: 'Ana', company_name: 'Aceros' },
      });
    expect((await signup('una@limite.test')).statusCode).toBe(200);
    expect((await signup('dos@limite.test')).statusCode).toBe(200);
    const blocked = await signup('tres@limite.test');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(
      /^Se crearon demasiadas cuentas desde tu conexión\. Intenta de nuevo en/,
    );
    const { rows } = await limited.db.query('SELECT 1 FROM users WHERE email = $1', ['tres@limite.test']);
    expect(rows).toHaveLength(0);
    expect((await signup('tres@limite.test', '10.1.2.3')).statusCode).toBe(200);
  });

  test('changing the password: wrong current passwords are limited per user', async () => {
    const user = await seedUser(limited.db);
    const token = await tokenFor(limited.config, limited.db, user.id);
    const change = (current: string) =>
      limited.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/me/password',
        headers: bearer(token),
        payload: { current_password: current, new_password: 'Otra-Contraseña-9' },
      });
    for (let attempt = 0; attempt < 3; attempt++) expect((await change('adivinanza')).statusCode).toBe(400);
    const blocked = await change(user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Demasiados intentos de cambio de contraseña/);
    // The session itself goes on.
    const profile = await limited.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: bearer(token),
    });
    expect(profile.statusCode).toBe(200);
  });

  test('password recovery: limited per address and e-mail', async () => {
    const recover = (email: string) =>
      limited.app.inject({ method: 'POST', url: `/api/v1/password-recovery/${email}` });
    expect((await recover('limite@luz.test')).statusCode).toBe(200);
    expect((await recover('LIMITE@luz.test')).statusCode).toBe(200);
    const blocked = await recover('limite@luz.test');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Demasiadas solicitudes de recuperación/);
    expect((await recover('otra@luz.test')).statusCode).toBe(200);
  });
});

describe('password recovery and reset', () => {
  const recover = (email: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/password-recovery/${encodeURIComponent(email)}` });
  const reset = (token: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/reset-password/',
      payload: { token, new_password: newPassword },
    });
  const linkToken = (text: string) => {
    const link = /https?:\/\/\S+\/reset-password\?token=(\S+)/.exec(text);
    if (!link?.[1]) throw new Error(`no link in: ${text}`);
    expect(link[0].startsWith(`${t.config.publicUrl}/reset-password?token=`)).toBe(true);
    return decodeURIComponent(link[1]);
  };

  test('end to end through the outbox: mail, reset, old sessions end, link is single-use', async () => {
    const user = await seedUser(t.db, { fullName: 'Beatriz Núñez' });
    const oldToken = await login(t.app, user.email, user.password);

    const answer = await recover(user.email);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: expect.stringMatching(/^Si el correo está registrado/) });

    const mail = await waitForMail(t.outboxDir, user.email);
    expect(mail.subject).toBe('Luz: restablece tu contraseña');
    expect(mail.text).toContain('Hola, Beatriz Núñez:');
    expect(mail.text).toContain('vence en 30 minutos');
    expect(mail.html).toContain('Beatriz Núñez');
    expect(mail.raw).toMatch(/^From: Luz <no-reply@luz\.test>$/m);
    const token = linkToken(mail.text);
    expect(mail.html).toContain(encodeURIComponent(token));

    // Only a hash of the token is stored.
    const stored = await t.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM password_reset_tokens WHERE user_id = $1',
      [user.id],
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]?.token_hash).not.toContain(token);
    expect(stored.rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const done = await reset(token, 'Nueva-Contraseña-2024');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Tu contraseña se actualizó correctamente' });

    expect((await me(oldToken)).statusCode).toBe(401);
    expect((await attemptLogin(user.email, user.password)).statusCode).toBe(400);
    const fresh = await login(t.app, user.email, 'Nueva-Contraseña-2024');
    expect((await me(fresh)).statusCode).toBe(200);

    const again = await reset(token, 'Otra-Contraseña-2024');
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/no es válido, ya se usó o expiró/);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  test('an expired link is refused and changes nothing', async () => {
    const user = await seedUser(t.db);
    await recover(user.email);
    const token = linkToken((await waitForMail(t.outboxDir, user.email)).text);
    await t.db.query(
      "UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [user.id],
    );
    const response = await reset(token, 'Nueva-Contraseña-2024');
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/expiró/);
    expect((await attemptLogin(user.email, user.password)).statusCode).toBe(200);
  });

  test('a link stops working once the password changes by other means', async () => {
    const user = await seedUser(t.db);
    await recover(user.email);
    const token = linkToken((await waitForMail(t.outboxDir, user.email)).text);
    const session = await login(t.app, user.email, user.password);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me/password',
      headers: bearer(session),
      payload: { current_password: user.password, new_password: 'Cambiada-Por-Mi-1' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await reset(token, 'Nueva-Contraseña-2024')).statusCode).toBe(400);
  });

  test('unknown and inactive e-mails get the same answer and no mail', async () => {
    const inactive = await seedUser(t.db, { isActive: false });
    const known = await seedUser(t.db);
    const unknown = await recover('no-registrado@luz.test');
    const quiet = await recover(inactive.email);
    expect(unknown.statusCode).toBe(200);
    expect(quiet.json()).toEqual(unknown.json());
    // A recovery asked for afterwards is mailed: the two before it would have been mailed by then.
    expect((await recover(known.email)).json()).toEqual(unknown.json());
    await waitForMail(t.outboxDir, known.email);
    const recipients = (await readOutbox(t.outboxDir)).map((mail) => mail.to).join(' ');
    expect(recipients).not.toContain('no-registrado@luz.test');
    expect(recipients).not.toContain(inactive.email);
  });

  test('a made-up token is refused; a malformed e-mail is a 422', async () => {
    expect((await reset('inventado', 'Nueva-Contraseña-2024')).statusCode).toBe(400);
    const malformed = await recover('no-es-correo');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().detail).toEqual([
      { loc: ['path', 'email'], msg: 'must be a valid email', type: 'value_error', ctx: { format: 'email' } },
    ]);
  });
});

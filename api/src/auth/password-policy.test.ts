import { bearer, form, login, seedSuperuser, seedUser, tokenFor } from '../testing/fixtures';
import { waitForMail } from '../testing/outbox';
import { createTestApp, type TestApp } from '../testing/test-app';
import { ensureFirstSuperuser } from '../users/first-superuser';
import { isGuessablePassword } from './password-policy';
import { generatePassword } from './passwords';

// ASVS 5.0 §6.2: a new password is checked against common and breached passwords (zxcvbn-ts and
// its bundled dictionaries) wherever one is chosen: sign-up, reset, change, temporary passwords.

const refused = {
  msg: 'Esta contraseña es demasiado común o fácil de adivinar (aparece en listas de contraseñas filtradas o se parece a una). Elige otra: una frase de varias palabras es fácil de recordar y difícil de adivinar.',
  type: 'password_guessable',
};
/** All at least 8 characters: the length rule alone lets them through. */
const common = ['password', '12345678', 'Password1!', 'qwerty123', 'contraseña1', 'iloveyou', 'P@ssw0rd'];

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await seedSuperuser(t.db);
  adminToken = await tokenFor(t.config, t.db, admin.id);
});
afterAll(() => t.close());

test.each(common)('%s is guessable', async (password) => {
  expect(await isGuessablePassword(password)).toBe(true);
});

test('passwords built from the account itself are guessable too', async () => {
  expect(await isGuessablePassword('Xoquitlaco2024')).toBe(false);
  expect(await isGuessablePassword('Xoquitlaco2024', ['Aceros Xoquitlaco'])).toBe(true);
  expect(await isGuessablePassword('Tzitzimetl.99')).toBe(false);
  expect(await isGuessablePassword('Tzitzimetl.99', ['tzitzimetl@empresa.mx'])).toBe(true);
  expect(await isGuessablePassword('Contraseña-de-prueba-1')).toBe(false);
  expect(await isGuessablePassword('tornillo caballo nube verde')).toBe(false);
});

test('generated temporary passwords always pass', async () => {
  for (let draw = 0; draw < 50; draw++)
    expect(await isGuessablePassword(await generatePassword())).toBe(false);
});

test('sign-up refuses a common password on the password field, and creates nothing', async () => {
  for (const password of common) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/signup',
      payload: { email: 'comun@luz.test', password, full_name: 'Ana', company_name: 'Aceros' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([{ loc: ['body', 'password'], ...refused }]);
  }
  const { rows } = await t.db.query('SELECT 1 FROM users WHERE email = $1', ['comun@luz.test']);
  expect(rows).toHaveLength(0);
});

test('changing one’s password refuses a common one and keeps the old one', async () => {
  const user = await seedUser(t.db);
  const token = await login(t.app, user.email, user.password);
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/users/me/password',
    headers: bearer(token),
    payload: { current_password: user.password, new_password: 'qwerty123' },
  });
  expect(response.statusCode).toBe(422);
  expect(response.json().detail).toEqual([{ loc: ['body', 'new_password'], ...refused }]);
  expect(await login(t.app, user.email, user.password)).toEqual(expect.any(String));
});

test('a reset refuses a common password without spending the link', async () => {
  const user = await seedUser(t.db);
  await t.app.inject({ method: 'POST', url: `/api/v1/password-recovery/${encodeURIComponent(user.email)}` });
  const mail = await waitForMail(t.outboxDir, user.email);
  const token = decodeURIComponent(/reset-password\?token=(\S+)/.exec(mail.text)?.[1] ?? '');
  const reset = (newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/reset-password/',
      payload: { token, new_password: newPassword },
    });
  const weak = await reset('Password1!');
  expect(weak.statusCode).toBe(422);
  expect(weak.json().detail).toEqual([{ loc: ['body', 'new_password'], ...refused }]);
  expect((await reset('Una-Frase-Larga-De-Verdad-7')).statusCode).toBe(200);
  // A link that does not work is still said to be so first, whatever the password.
  expect((await reset('Password1!')).statusCode).toBe(400);
});

test('a superuser cannot set a common temporary password', async () => {
  const user = await seedUser(t.db);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/users/${user.id}/set-temporal-password`,
    ...form({ password: '12345678' }),
    headers: { ...form({}).headers, ...bearer(adminToken) },
  });
  expect(response.statusCode).toBe(422);
  expect(response.json().detail).toEqual([{ loc: ['body', 'password'], ...refused }]);
  expect(await login(t.app, user.email, user.password)).toEqual(expect.any(String));
});

test('a common FIRST_SUPERUSER_PASSWORD stops the start for a new account, never for an existing one', async () => {
  await expect(
    ensureFirstSuperuser(t.db, { email: 'jefe-nuevo@luz.test', password: 'password123' }),
  ).rejects.toThrow(/FIRST_SUPERUSER_PASSWORD is a common or easily guessed password/);
  const existing = await seedUser(t.db);
  await expect(
    ensureFirstSuperuser(t.db, { email: existing.email, password: 'password123' }),
  ).resolves.toEqual({
    outcome: 'promoted',
    email: existing.email,
  });
});

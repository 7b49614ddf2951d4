import { verifyPassword } from '../auth/passwords';
import { seedUser } from '../testing/fixtures';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { DEFAULT_SUPERUSER_EMAIL, ensureFirstSuperuser } from './first-superuser';

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(() => t.drop());

const stored = async (email: string) =>
  (
    await t.db.query<{ is_superuser: boolean; hashed_password: string; subscription_status: string }>(
      'SELECT is_superuser, hashed_password, subscription_status FROM users WHERE lower(email) = $1',
      [email],
    )
  ).rows[0];

test('without FIRST_SUPERUSER, admin@luz.local is created once with a generated password', async () => {
  const first = await ensureFirstSuperuser(t.db, null);
  expect(first).toEqual({
    outcome: 'created',
    email: DEFAULT_SUPERUSER_EMAIL,
    generatedPassword: expect.any(String),
  });
  const password = (first as { generatedPassword: string }).generatedPassword;
  expect(password.length).toBeGreaterThanOrEqual(20);
  const row = await stored(DEFAULT_SUPERUSER_EMAIL);
  expect(row?.is_superuser).toBe(true);
  expect(row?.subscription_status).toBe('no_subscription');
  expect(await verifyPassword(row?.hashed_password as string, password)).toBe(true);
  expect(await ensureFirstSuperuser(t.db, null)).toEqual({ outcome: 'none' });
});

test('with FIRST_SUPERUSER, that account is created with its password and never overwritten', async () => {
  const settings = { email: 'Jefa@Empresa.mx', password: 'Contraseña-Inicial-1' };
  expect(await ensureFirstSuperuser(t.db, settings)).toEqual({
    outcome: 'created',
    email: 'jefa@empresa.mx',
    generatedPassword: null,
  });
  expect(await ensureFirstSuperuser(t.db, { ...settings, password: 'Otra-Distinta-2' })).toEqual({
    outcome: 'unchanged',
    email: 'jefa@empresa.mx',
  });
  expect(
    await verifyPassword(
      (await stored('jefa@empresa.mx'))?.hashed_password as string,
      'Contraseña-Inicial-1',
    ),
  ).toBe(true);
  expect(await stored(DEFAULT_SUPERUSER_EMAIL)).toBeUndefined();
});

test('an existing regular account named by FIRST_SUPERUSER is promoted, password untouched', async () => {
  const user = await seedUser(t.db, { email: 'ops@empresa.mx' });
  expect(await ensureFirstSuperuser(t.db, { email: 'ops@empresa.mx', password: null })).toEqual({
    outcome: 'promoted',
    email: 'ops@empresa.mx',
  });
  const row = await stored('ops@empresa.mx');
  expect(row?.is_superuser).toBe(true);
  expect(await verifyPassword(row?.hashed_password as string, user.password)).toBe(true);
});

test('processes starting together create one superuser and only the winner reports a password', async () => {
  const results = await Promise.all([ensureFirstSuperuser(t.db, null), ensureFirstSuperuser(t.db, null)]);
  const created = results.filter((result) => result.outcome === 'created');
  expect(created).toHaveLength(1);
  const { rows } = await t.db.query('SELECT 1 FROM users WHERE is_superuser');
  expect(rows).toHaveLength(1);
});

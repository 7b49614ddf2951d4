import { CredentialStatus, RpuStatus, zCredential, zPage } from '@luz/shared/contract';
import { createSecretBox } from '../crypto/secret-box';
import { bearer, seedUser, type TestUser, tokenFor } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { getCredentialForSync, setCredentialStatus } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

async function newUser(): Promise<{ user: TestUser; token: string }> {
  const user = await seedUser(t.db);
  return { user, token: await tokenFor(t.config, t.db, user.id) };
}

async function createCredential(token: string, body: object = {}) {
  const response = await api('POST', '/credentials/', token, {
    cfe_user: `empresa-${Math.random().toString(36).slice(2)}@cfe.test`,
    password: 'secreto-del-portal-1',
    alias: 'Planta Norte',
    ...body,
  });
  expect(response.statusCode).toBe(200);
  return zCredential.parse(response.json());
}

describe('POST /credentials/', () => {
  test('stores the account encrypted, answers it without the password and flips has_credentials', async () => {
    const { token } = await newUser();
    expect((await api('GET', '/users/me', token)).json().has_credentials).toBe(false);

    const response = await api('POST', '/credentials/', token, {
      cfe_user: '  compras@aceros.mx ',
      password: 'Pórtal-Secreto-99',
      alias: 'Aceros',
    });
    expect(response.statusCode).toBe(200);
    const credential = zCredential.parse(response.json());
    expect(credential).toMatchObject({
      alias: 'Aceros',
      cfe_user: 'compras@aceros.mx',
      status: CredentialStatus.unverified,
      status_message: null,
      last_synced_at: null,
      rpus_count: 0,
      captcha_pending: false,
    });
    expect(Object.keys(response.json())).not.toContain('password');
    expect(response.body).not.toContain('Pórtal-Secreto-99');

    const { rows } = await t.db.query<{ password_encrypted: string }>(
      'SELECT password_encrypted FROM credentials WHERE id = $1',
      [credential.credential_id],
    );
    expect(rows[0]?.password_encrypted).toMatch(/^v2\./);
    expect(rows[0]?.password_encrypted).not.toContain('Pórtal-Secreto-99');

    expect((await api('GET', '/users/me', token)).json().has_credentials).toBe(true);
  });

  test('the same portal user twice (any case) is 409', async () => {
    const { token } = await newUser();
    await createCredential(token, { cfe_user: 'Repetido@cfe.test' });
    const again = await api('POST', '/credentials/', token, { cfe_user: 'repetido@CFE.test', password: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Ya tienes una cuenta de CFE con ese usuario', code: 'conflict' });
  });

  test('two users may hold the same portal user', async () => {
    const a = await newUser();
    const b = await newUser();
    await createCredential(a.token, { cfe_user: 'compartido@cfe.test' });
    await createCredential(b.token, { cfe_user: 'compartido@cfe.test' });
  });

  test('validates the body', async () => {
    const { token } = await newUser();
    const response = await api('POST', '/credentials/', token, { cfe_user: '', password: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([
      { loc: ['body', 'cfe_user'], msg: 'cfe_user is a required field', type: 'missing' },
      { loc: ['body', 'password'], msg: 'password is a required field', type: 'missing' },
    ]);
  });

  test('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/credentials/' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /credentials/ and /credentials/all', () => {
  test('lists only the caller’s credentials, paginated, with their service-point count', async () => {
    const { user, token } = await newUser();
    const other = await newUser();
    await createCredential(other.token);
    const first = await createCredential(token, { alias: 'Uno' });
    await createCredential(token, { alias: 'Dos' });
    await createCredential(token, { alias: 'Tres' });
    await t.db.query(
      `INSERT INTO rpus (user_id, credential_id, service_number) VALUES ($1, $2, '111111111111'), ($1, $2, '222222222222')`,
      [user.id, first.credential_id],
    );
    await t.db.query(
      `INSERT INTO rpus (user_id, credential_id, service_number, deleted) VALUES ($1, $2, '333333333333', true)`,
      [user.id, first.credential_id],
    );

    const page = zPage(zCredential).parse(
      (await api('GET', '/credentials/?page=1&page_size=2', token)).json(),
    );
    expect(page.count).toBe(3);
    expect(page.data.map((credential) => credential.alias)).toEqual(['Uno', 'Dos']);
    expect(page.data[0]?.rpus_count).toBe(2);
    const second = zPage(zCredential).parse(
      (await api('GET', '/credentials/?page=2&page_size=2', token)).json(),
    );
    expect(second.data.map((credential) => credential.alias)).toEqual(['Tres']);

    const all = (await api('GET', '/credentials/all', token)).json();
    expect(all.map((credential: { alias: string }) => credential.alias)).toEqual(['Uno', 'Dos', 'Tres']);
  });

  test('rejects a bad page', async () => {
    const { token } = await newUser();
    expect((await api('GET', '/credentials/?page=0', token)).statusCode).toBe(422);
  });
});

describe('PATCH /credentials/{credential_id}', () => {
  test('edits the alias and keeps the status; a new password or user resets it to unverified', async () => {
    const { token } = await newUser();
    const credential = await createCredential(token);
    await setCredentialStatus(t.db, credential.credential_id, CredentialStatus.valid, null, { synced: true });

    const renamed = await api('PATCH', `/credentials/${credential.credential_id}`, token, {
      alias: 'Oficinas',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ alias: 'Oficinas', status: CredentialStatus.valid });
    expect(renamed.json().last_synced_at).not.toBeNull();

    const repassed = await api('PATCH', `/credentials/${credential.credential_id}`, token, {
      password: 'otra-clave-2',
    });
    expect(repassed.json()).toMatchObject({ alias: 'Oficinas', status: CredentialStatus.unverified });
    const forSync = await getCredentialForSync(
      t.db,
      createSecretBox(t.config.credentialsKey),
      credential.credential_id,
    );
    expect(forSync?.password).toBe('otra-clave-2');
  });

  test('a portal user the caller already has is 409', async () => {
    const { token } = await newUser();
    await createCredential(token, { cfe_user: 'uno@cfe.test' });
    const two = await createCredential(token, { cfe_user: 'dos@cfe.test' });
    const response = await api('PATCH', `/credentials/${two.credential_id}`, token, {
      cfe_user: 'UNO@cfe.test',
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('DELETE /credentials/{credential_id}', () => {
  test('keeps the service points, without credential and "Sin nombre" (5)', async () => {
    const { user, token } = await newUser();
    const credential = await createCredential(token);
    const keep = await createCredential(token);
    await t.db.query(
      `INSERT INTO rpus (user_id, credential_id, service_number, rpu_status) VALUES
         ($1, $2, '444444444444', 1), ($1, $3, '555555555555', 1)`,
      [user.id, credential.credential_id, keep.credential_id],
    );
    const response = await api('DELETE', `/credentials/${credential.credential_id}`, token);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/eliminó/);

    const { rows } = await t.db.query<{
      service_number: string;
      credential_id: string | null;
      rpu_status: number;
    }>(
      'SELECT service_number, credential_id, rpu_status FROM rpus WHERE user_id = $1 ORDER BY service_number',
      [user.id],
    );
    expect(rows).toEqual([
      { service_number: '444444444444', credential_id: null, rpu_status: RpuStatus.withoutCfeUser },
      { service_number: '555555555555', credential_id: keep.credential_id, rpu_status: 1 },
    ]);
    expect((await api('GET', `/credentials/${credential.credential_id}`, token)).statusCode).toBe(404);
  });

  test('deleting the last credential turns has_credentials off again', async () => {
    const { token } = await newUser();
    const credential = await createCredential(token);
    await api('DELETE', `/credentials/${credential.credential_id}`, token);
    expect((await api('GET', '/users/me', token)).json().has_credentials).toBe(false);
  });
});

describe('tenancy: another user’s credential is 404 on every endpoint', () => {
  test.each([
    ['GET', ''],
    ['PATCH', ''],
    ['DELETE', ''],
  ] as const)('%s /credentials/{id}%s', async (method, suffix) => {
    const owner = await newUser();
    const intruder = await newUser();
    const credential = await createCredential(owner.token, { alias: 'Ajena' });
    const response = await api(method, `/credentials/${credential.credential_id}${suffix}`, intruder.token, {
      alias: 'Robada',
      password: 'cambio',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Cuenta de CFE no encontrada', code: 'not_found' });
    const untouched = await api('GET', `/credentials/${credential.credential_id}`, owner.token);
    expect(untouched.json()).toMatchObject({ alias: 'Ajena', status: CredentialStatus.unverified });
    expect((await api('GET', '/credentials/all', intruder.token)).json()).toEqual([]);
  });

  test('a credential id that does not exist is 404 too', async () => {
    const { token } = await newUser();
    const response = await api('GET', '/credentials/00000000-0000-4000-8000-000000000000', token);
    expect(response.statusCode).toBe(404);
  });
});

describe('for the sync engine', () => {
  test('getCredentialForSync opens the password, scoped to its user when asked', async () => {
    const { user, token } = await newUser();
    const other = await newUser();
    const credential = await createCredential(token, { cfe_user: 'sync@cfe.test', password: 'la-clave' });
    const secrets = createSecretBox(t.config.credentialsKey);
    expect(await getCredentialForSync(t.db, secrets, credential.credential_id)).toEqual({
      id: credential.credential_id,
      userId: user.id,
      cfeUser: 'sync@cfe.test',
      password: 'la-clave',
      status: CredentialStatus.unverified,
    });
    expect(
      await getCredentialForSync(t.db, secrets, credential.credential_id, { userId: other.user.id }),
    ).toBeNull();
  });

  test('setCredentialStatus records the portal’s verdict', async () => {
    const { token } = await newUser();
    const credential = await createCredential(token);
    expect(
      await setCredentialStatus(
        t.db,
        credential.credential_id,
        CredentialStatus.invalidPassword,
        'Contraseña incorrecta',
      ),
    ).toBe(true);
    const read = (await api('GET', `/credentials/${credential.credential_id}`, token)).json();
    expect(read).toMatchObject({ status: 4, status_message: 'Contraseña incorrecta', last_synced_at: null });
    expect(await setCredentialStatus(t.db, '00000000-0000-4000-8000-000000000000', 1)).toBe(false);
  });
});

import { zPage, zUserPublic } from '@luz/shared/contract';
import { bearer, form, login, seedSuperuser, seedUser, type TestUser, tokenFor } from '../testing/fixtures';
import { readOutbox, waitForMail } from '../testing/outbox';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let admin: TestUser;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedSuperuser(t.db, { email: 'admin@luz.test' });
  adminToken = await tokenFor(t.config, t.db, admin.id);
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {}, payload });

describe('signup', () => {
  const valid = {
    email: 'Nueva@Empresa.mx',
    password: 'una-Contraseña-1',
    full_name: 'Ana Pérez',
    company_name: 'Aceros del Norte',
  };

  test('creates a regular user without a subscription, serialised as UserPublic', async () => {
    const response = await api('POST', '/users/signup', undefined, valid);
    expect(response.statusCode).toBe(200);
    const user = zUserPublic.parse(response.json());
    expect(user).toMatchObject({
      email: 'nueva@empresa.mx',
      full_name: 'Ana Pérez',
      company_name: 'Aceros del Norte',
      is_superuser: false,
      is_active: true,
      must_change_password: false,
      has_credentials: false,
      subscription: { status: 'no_subscription', subscription_id: null, updated_at: null },
    });
    expect(response.body).not.toMatch(/hashed_password|token_version/);
    expect((await login(t.app, 'nueva@empresa.mx', valid.password)).length).toBeGreaterThan(20);
  });

  test('a taken e-mail (any case) is 409; nobody can sign up as superuser', async () => {
    const duplicate = await api('POST', '/users/signup', undefined, { ...valid, email: 'NUEVA@empresa.MX' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      detail: 'Ya existe una cuenta con este correo electrónico',
      code: 'conflict',
    });
    const sneaky = await api('POST', '/users/signup', undefined, {
      ...valid,
      email: 'sneaky@luz.test',
      is_superuser: true,
    });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json().is_superuser).toBe(false);
  });

  test('validates every field', async () => {
    const response = await api('POST', '/users/signup', undefined, {
      email: 'x@',
      password: 'x'.repeat(129),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([
      { loc: ['body', 'email'], msg: 'must be a valid email', type: 'value_error', ctx: { format: 'email' } },
      {
        loc: ['body', 'password'],
        msg: 'must be at most 128 characters',
        type: 'string_too_long',
        ctx: { max_length: 128 },
      },
      { loc: ['body', 'full_name'], msg: 'full_name is a required field', type: 'missing' },
      { loc: ['body', 'company_name'], msg: 'company_name is a required field', type: 'missing' },
    ]);
  });
});

describe('me', () => {
  test('has_credentials follows the credentials the user owns', async () => {
    const user = await seedUser(t.db);
    const token = await tokenFor(t.config, t.db, user.id);
    expect((await api('GET', '/users/me', token)).json().has_credentials).toBe(false);
    await t.db.query(
      "INSERT INTO credentials (user_id, cfe_user, password_encrypted) VALUES ($1, 'cfe-ana', 'v1.x.y.z')",
      [user.id],
    );
    expect((await api('GET', '/users/me', token)).json().has_credentials).toBe(true);
  });

  test('PATCH /users/me edits e-mail, name and company; a taken e-mail is 409', async () => {
    const user = await seedUser(t.db);
    const token = await tokenFor(t.config, t.db, user.id);
    const response = await api('PATCH', '/users/me', token, {
      email: 'Cambiado@Luz.test',
      full_name: 'Nombre Nuevo',
      company_name: 'Empresa Nueva',
      current_password: user.password,
      is_superuser: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: 'cambiado@luz.test',
      full_name: 'Nombre Nuevo',
      company_name: 'Empresa Nueva',
      is_superuser: false,
    });
    const taken = await api('PATCH', '/users/me', token, {
      email: admin.email,
      current_password: user.password,
    });
    expect(taken.statusCode).toBe(409);
    const same = await api('PATCH', '/users/me', token, { email: 'CAMBIADO@luz.test' });
    expect(same.statusCode).toBe(200);
    const empty = await api('PATCH', '/users/me', token, {});
    expect(empty.json().full_name).toBe('Nombre Nuevo');
    const invalid = await api('PATCH', '/users/me', token, { full_name: '   ' });
    expect(invalid.statusCode).toBe(422);
  });

  test('a new e-mail needs the current password; the name and company do not', async () => {
    const user = await seedUser(t.db);
    const token = await tokenFor(t.config, t.db, user.id);
    const without = await api('PATCH', '/users/me', token, { email: 'robada@luz.test' });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({
      detail: 'Escribe tu contraseña actual para cambiar tu correo.',
      code: 'bad_request',
    });
    const wrong = await api('PATCH', '/users/me', token, {
      email: 'robada@luz.test',
      current_password: 'adivina',
    });
    expect(wrong.json()).toEqual({ detail: 'La contraseña actual es incorrecta', code: 'bad_request' });
    expect((await api('GET', '/users/me', token)).json().email).toBe(user.email);

    expect(
      (await api('PATCH', '/users/me', token, { email: user.email, full_name: 'Sin Clave' })).statusCode,
    ).toBe(200);
  });

  test('a new e-mail is told to the old address (a stolen session cannot move the account unnoticed)', async () => {
    const user = await seedUser(t.db, { email: 'antes@aviso.test', fullName: 'Rosa Díaz' });
    const token = await tokenFor(t.config, t.db, user.id);
    expect((await api('PATCH', '/users/me', token, { full_name: 'Rosa M. Díaz' })).statusCode).toBe(200);
    expect(
      (
        await api('PATCH', '/users/me', token, {
          email: 'despues@aviso.test',
          current_password: user.password,
        })
      ).statusCode,
    ).toBe(200);
    const notice = await waitForMail(t.outboxDir, 'antes@aviso.test');
    expect(notice.subject).toBe('Luz: cambió el correo de tu cuenta');
    expect(notice.text).toContain('Hola, Rosa M. Díaz:');
    expect(notice.text).toContain('cambió de antes@aviso.test a despues@aviso.test');
    // Only the e-mail change was mailed, and nothing went to the new address.
    expect((await readOutbox(t.outboxDir)).filter((mail) => mail.to.includes('aviso.test'))).toHaveLength(1);
  });

  test('PATCH /users/me/password: checks the current one, answers a fresh token, retires older tokens', async () => {
    const user = await seedUser(t.db);
    const older = await login(t.app, user.email, user.password);
    await t.db.query('UPDATE users SET must_change_password = true WHERE id = $1', [user.id]);

    const wrong = await api('PATCH', '/users/me/password', older, {
      current_password: 'equivocada',
      new_password: 'Nueva-Clave-123',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'La contraseña actual es incorrecta', code: 'bad_request' });

    const same = await api('PATCH', '/users/me/password', older, {
      current_password: user.password,
      new_password: user.password,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({
      detail: 'La nueva contraseña debe ser distinta de la actual',
      code: 'bad_request',
    });

    const changed = await api('PATCH', '/users/me/password', older, {
      current_password: user.password,
      new_password: 'Nueva-Clave-123',
    });
    expect(changed.statusCode).toBe(200);
    const { access_token, token_type } = changed.json();
    expect(token_type).toBe('bearer');

    expect((await api('GET', '/users/me', older)).statusCode).toBe(401);
    const current = await api('GET', '/users/me', access_token);
    expect(current.statusCode).toBe(200);
    expect(current.json().must_change_password).toBe(false);
    expect((await login(t.app, user.email, 'Nueva-Clave-123')).length).toBeGreaterThan(20);

    const notice = await waitForMail(t.outboxDir, user.email);
    expect(notice.subject).toBe('Luz: cambió tu contraseña');
    expect(notice.text).toContain(`${t.config.publicUrl}/recover-password`);
    expect(notice.text).not.toContain('Nueva-Clave-123');
    expect((await readOutbox(t.outboxDir)).filter((mail) => mail.to.includes(user.email))).toHaveLength(1);
  });
});

describe('superuser-only endpoints', () => {
  test('401 without a token and 403 with a regular user, for every one of them', async () => {
    const user = await seedUser(t.db);
    const token = await tokenFor(t.config, t.db, user.id);
    const calls: {
      method: 'GET' | 'PATCH' | 'POST';
      url: string;
      payload?: object | string;
      headers?: Record<string, string>;
    }[] = [
      { method: 'GET', url: '/api/v1/users/' },
      { method: 'PATCH', url: `/api/v1/users/${user.id}`, payload: { full_name: 'x' } },
      { method: 'POST', url: `/api/v1/users/${user.id}/set-temporal-password`, ...form({}) },
    ];
    for (const call of calls) {
      const anonymous = await t.app.inject(call);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: 'Inicia sesión para continuar', code: 'unauthenticated' });
      const regular = await t.app.inject({ ...call, headers: { ...call.headers, ...bearer(token) } });
      expect(regular.statusCode).toBe(403);
      expect(regular.json()).toEqual({
        detail: 'No tienes permisos para realizar esta acción',
        code: 'forbidden',
      });
    }
  });
});

describe('GET /users/', () => {
  let listApp: TestApp;
  let token: string;
  beforeAll(async () => {
    listApp = await createTestApp();
    const superuser = await seedSuperuser(listApp.db, {
      email: 'root@consola.mx',
      fullName: 'Root',
      companyName: 'Luz',
    });
    token = await tokenFor(listApp.config, listApp.db, superuser.id);
    const people = [
      ['carla@aceros.mx', 'Carla Ruiz', 'Aceros del Norte'],
      ['diego@aceros.mx', 'Diego Ruiz', 'Aceros del Norte'],
      ['elena@textil.mx', 'Elena Soto', 'Textiles 100%'],
      ['fer_nando@textil.mx', 'Fernando Díaz', 'Textiles_Sur'],
    ];
    for (const [email, fullName, companyName] of people)
      await seedUser(listApp.db, { email, fullName, companyName });
  });
  afterAll(() => listApp.close());

  const list = async (query: string) => {
    const response = await listApp.app.inject({
      method: 'GET',
      url: `/api/v1/users/${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return zPage(zUserPublic).parse(response.json());
  };

  test('filters are case-insensitive "contains", combined with AND', async () => {
    expect((await list('?company_name=ACEROS')).data.map((user) => user.email).sort()).toEqual([
      'carla@aceros.mx',
      'diego@aceros.mx',
    ]);
    expect((await list('?full_name=ruiz&email=DIEGO')).data.map((user) => user.email)).toEqual([
      'diego@aceros.mx',
    ]);
    expect((await list('?email=textil.mx')).count).toBe(2);
  });

  test('pattern characters in filters are literal', async () => {
    expect((await list('?company_name=100%25')).data.map((user) => user.email)).toEqual(['elena@textil.mx']);
    expect((await list('?email=r_n')).data.map((user) => user.email)).toEqual(['fer_nando@textil.mx']);
    expect((await list('?company_name=%25')).count).toBe(1);
  });

  test('pagination: page and page_size, count is the total before paging', async () => {
    const first = await list('?page=1&page_size=2');
    const second = await list('?page=2&page_size=2');
    const third = await list('?page=3&page_size=2');
    expect(first.count).toBe(5);
    expect(first.data).toHaveLength(2);
    expect(second.data).toHaveLength(2);
    expect(third.data).toHaveLength(1);
    const ids = [...first.data, ...second.data, ...third.data].map((user) => user.id);
    expect(new Set(ids).size).toBe(5);
    expect((await list('?page=9')).data).toEqual([]);
    expect((await list('')).data).toHaveLength(5);
  });

  test('page_size has an upper bound', async () => {
    const response = await listApp.app.inject({
      method: 'GET',
      url: '/api/v1/users/?page_size=100000',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({
      loc: ['query', 'page_size'],
      msg: 'must be less than or equal to 500',
    });
  });
});

describe('PATCH /users/{user_id}', () => {
  test('edits any field of another user, activation and role included', async () => {
    const user = await seedUser(t.db);
    const response = await api('PATCH', `/users/${user.id}`, adminToken, {
      full_name: 'Editado',
      company_name: 'Otra',
      is_superuser: true,
      is_active: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      full_name: 'Editado',
      company_name: 'Otra',
      is_superuser: true,
      is_active: false,
    });
  });

  test('404 for a missing user, 409 for a taken e-mail, 400 when locking yourself out', async () => {
    const missing = await api('PATCH', '/users/00000000-0000-4000-8000-000000000000', adminToken, {
      full_name: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Usuario no encontrado', code: 'not_found' });

    const user = await seedUser(t.db);
    const taken = await api('PATCH', `/users/${user.id}`, adminToken, { email: admin.email });
    expect(taken.statusCode).toBe(409);

    for (const change of [{ is_active: false }, { is_superuser: false }]) {
      const self = await api('PATCH', `/users/${admin.id}`, adminToken, change);
      expect(self.statusCode).toBe(400);
      expect(self.json().detail).toMatch(/No puedes desactivar tu propia cuenta/);
    }
    expect((await api('PATCH', `/users/${admin.id}`, adminToken, { full_name: 'Admin' })).statusCode).toBe(
      200,
    );
  });
});

describe('POST /users/{user_id}/set-temporal-password', () => {
  const setTemporal = (userId: string, fields: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${userId}/set-temporal-password`,
      ...form(fields),
      headers: { ...form(fields).headers, ...bearer(adminToken) },
    });

  test('generates a strong password once, forces a change, and ends the user’s sessions', async () => {
    const user = await seedUser(t.db);
    const session = await login(t.app, user.email, user.password);
    const response = await setTemporal(user.id);
    expect(response.statusCode).toBe(200);
    const { temporal_password } = response.json();
    expect(temporal_password).toMatch(/^.{16}$/);
    expect(temporal_password).toMatch(/[A-Z]/);
    expect(temporal_password).toMatch(/[a-z]/);
    expect(temporal_password).toMatch(/[0-9]/);

    expect((await api('GET', '/users/me', session)).statusCode).toBe(401);
    const fresh = await login(t.app, user.email, temporal_password);
    expect((await api('GET', '/users/me', fresh)).json().must_change_password).toBe(true);
  });

  test('a temporary password reaches only the own account until it is changed (428 elsewhere)', async () => {
    const user = await seedUser(t.db);
    const temporal = (await setTemporal(user.id, { password: 'Temporal-Elegida-2' })).json()
      .temporal_password;
    const session = await login(t.app, user.email, temporal);
    const blocked = await api('GET', '/rpus/', session);
    expect(blocked.statusCode).toBe(428);
    expect(blocked.json().detail).toBe('Cambia tu contraseña temporal para continuar.');
    expect((await api('GET', '/users/me', session)).statusCode).toBe(200);

    const changed = await api('PATCH', '/users/me/password', session, {
      current_password: temporal,
      new_password: 'Mi-Propia-Clave-9',
    });
    expect(changed.statusCode).toBe(200);
    const renewed = changed.json().access_token as string;
    expect((await api('GET', '/users/me', renewed)).json().must_change_password).toBe(false);
    expect((await api('GET', '/rpus/', renewed)).statusCode).toBe(200);

    // A superuser too: the admin console waits for the change.
    const otherAdmin = await seedSuperuser(t.db);
    await setTemporal(otherAdmin.id, { password: 'Temporal-Admin-3' });
    const adminSession = await login(t.app, otherAdmin.email, 'Temporal-Admin-3');
    expect((await api('GET', '/users/', adminSession)).statusCode).toBe(428);
  });

  test('uses the given password; 404 for a missing user; validates the form', async () => {
    const user = await seedUser(t.db);
    const response = await setTemporal(user.id, { password: 'Temporal-Elegida-1' });
    expect(response.json()).toEqual({ temporal_password: 'Temporal-Elegida-1' });
    expect((await login(t.app, user.email, 'Temporal-Elegida-1')).length).toBeGreaterThan(20);

    const withoutBody = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${user.id}/set-temporal-password`,
      headers: bearer(adminToken),
    });
    expect(withoutBody.statusCode).toBe(200);

    expect((await setTemporal('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const short = await setTemporal(user.id, { password: 'corta' });
    expect(short.statusCode).toBe(422);
    expect(short.json().detail).toEqual([
      {
        loc: ['body', 'password'],
        msg: 'must be at least 8 characters',
        type: 'string_too_short',
        ctx: { min_length: 8 },
      },
    ]);
  });
});

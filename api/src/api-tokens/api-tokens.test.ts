import { createHash } from 'node:crypto';
import { zApiToken, zApiTokenWithSecret, zPage } from '@luz/shared/contract';
import { bearer, seedSuperuser, seedUser, type TestUser, tokenFor } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { apiTokenMessages } from './messages';

let t: TestApp;
let owner: TestUser;
let ownerSession: string;
let stranger: TestUser;
let strangerSession: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await seedUser(t.db, { email: 'duena@tokens.test' });
  ownerSession = await tokenFor(t.config, t.db, owner.id);
  stranger = await seedUser(t.db, { email: 'otra@tokens.test' });
  strangerSession = await tokenFor(t.config, t.db, stranger.id);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {}, payload });

async function createToken(session: string, body: object = { name: 'ERP', scope: 'full' }) {
  const response = await api('POST', '/api-tokens/', session, body);
  expect(response.statusCode).toBe(200);
  return zApiTokenWithSecret.parse(response.json());
}

const serviceNumber = () => String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));

test('a token is shown once, stored only as its SHA-256, and listed by name, scope and hint', async () => {
  const created = await createToken(ownerSession, {
    name: 'Contabilidad',
    scope: 'read',
    expires_in_days: 30,
  });
  expect(created.token).toMatch(/^luz_pat_[A-Za-z0-9_-]{43}$/);
  expect(created).toMatchObject({ name: 'Contabilidad', scope: 'read', last_used_at: null });
  expect(created.token.startsWith(created.hint)).toBe(true);
  const days = (Date.parse(created.expires_at as string) - Date.parse(created.created_at)) / 86_400_000;
  expect(Math.round(days)).toBe(30);

  const { rows } = await t.db.query<Record<string, unknown>>('SELECT * FROM api_tokens WHERE id = $1', [
    created.token_id,
  ]);
  expect(rows[0]?.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
  expect(JSON.stringify(rows[0])).not.toContain(created.token);

  const list = zPage(zApiToken).parse((await api('GET', '/api-tokens/', ownerSession)).json());
  const listed = list.data.find((token) => token.token_id === created.token_id);
  expect(listed).toEqual({ ...created, token: undefined, token_id: created.token_id });
  expect(JSON.stringify(list)).not.toContain(created.token);
  // Another user's list never shows it.
  const theirs = zPage(zApiToken).parse((await api('GET', '/api-tokens/', strangerSession)).json());
  expect(theirs.data.map((token) => token.token_id)).not.toContain(created.token_id);
});

test('bad input is a 422 with the field-level detail', async () => {
  const response = await api('POST', '/api-tokens/', ownerSession, { name: ' ', scope: 'admin' });
  expect(response.statusCode).toBe(422);
  const fields = (response.json().detail as { loc: string[] }[]).map((item) => item.loc.at(-1));
  expect(fields).toEqual(expect.arrayContaining(['name', 'scope']));
});

test("a token acts as its user, on that user's data only, and records its last use", async () => {
  const { token, token_id } = await createToken(ownerSession);
  const mine = serviceNumber();
  const theirs = serviceNumber();
  expect((await api('POST', '/rpus/', token, { service_number: mine })).statusCode).toBe(200);
  expect((await api('POST', '/rpus/', strangerSession, { service_number: theirs })).statusCode).toBe(200);

  const me = await api('GET', '/users/me', token);
  expect(me.statusCode).toBe(200);
  expect(me.json().email).toBe(owner.email);
  const listed = (await api('GET', '/rpus/?page_size=100', token)).json().data as {
    service_number: string;
  }[];
  expect(listed.map((rpu) => rpu.service_number)).toContain(mine);
  expect(listed.map((rpu) => rpu.service_number)).not.toContain(theirs);

  const { rows } = await t.db.query<{ last_used_at: Date | null }>(
    'SELECT last_used_at FROM api_tokens WHERE id = $1',
    [token_id],
  );
  expect(rows[0]?.last_used_at).toBeInstanceOf(Date);
});

test('a read-only token reads and exports but changes nothing', async () => {
  const { token } = await createToken(ownerSession, { name: 'Tablero', scope: 'read' });
  expect((await api('GET', '/rpus/', token)).statusCode).toBe(200);
  expect((await api('POST', '/periods/csv', token, {})).statusCode).toBe(200);
  const write = await api('POST', '/rpus/', token, { service_number: serviceNumber() });
  expect(write.statusCode).toBe(403);
  expect(write.json().detail).toBe(apiTokenMessages.readOnly);
});

test('no token changes the account, its password, its billing or its tokens, whatever its scope', async () => {
  const { token } = await createToken(ownerSession);
  const refused: [Method, string, object?][] = [
    ['PATCH', '/users/me', { full_name: 'Otra' }],
    ['PATCH', '/users/me/password', { current_password: owner.password, new_password: 'Otra-Clave-Larga-9' }],
    ['POST', '/logout'],
    ['POST', '/chargebee/generate-checkout-new-url/', {}],
    ['POST', '/billing/local/subscription/cancel'],
    ['GET', '/api-tokens/'],
    ['POST', '/api-tokens/', { name: 'otro', scope: 'full' }],
  ];
  for (const [method, url, body] of refused) {
    const response = await api(method, url, token, body);
    expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 403 });
    expect(response.json().detail).toBe(apiTokenMessages.accountChange);
  }
  const { rows } = await t.db.query<{ full_name: string }>('SELECT full_name FROM users WHERE id = $1', [
    owner.id,
  ]);
  expect(rows[0]?.full_name).toBe(owner.fullName);
});

test('revocation and expiry take effect at once; another user cannot revoke it', async () => {
  const { token, token_id } = await createToken(ownerSession);
  expect((await api('GET', '/rpus/', token)).statusCode).toBe(200);
  expect((await api('DELETE', `/api-tokens/${token_id}`, strangerSession)).statusCode).toBe(404);
  expect((await api('GET', '/rpus/', token)).statusCode).toBe(200);
  expect((await api('DELETE', `/api-tokens/${token_id}`, ownerSession)).statusCode).toBe(200);
  expect((await api('GET', '/rpus/', token)).statusCode).toBe(401);

  const expiring = await createToken(ownerSession, { name: 'Temporal', scope: 'full', expires_in_days: 1 });
  expect((await api('GET', '/rpus/', expiring.token)).statusCode).toBe(200);
  await t.db.query("UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1", [
    expiring.token_id,
  ]);
  const expired = await api('GET', '/rpus/', expiring.token);
  expect(expired.statusCode).toBe(401);
  expect(expired.json().detail).toBe(apiTokenMessages.expired);
  expect((await api('GET', '/rpus/', 'luz_pat_no-existe')).statusCode).toBe(401);
});

test("a deactivated user's tokens stop working", async () => {
  const user = await seedUser(t.db);
  const { token } = await createToken(await tokenFor(t.config, t.db, user.id));
  await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [user.id]);
  expect((await api('GET', '/rpus/', token)).statusCode).toBe(403);
});

test('a superuser lists and revokes anyone’s tokens, but by API token only reads the console', async () => {
  const admin = await seedSuperuser(t.db);
  const adminSession = await tokenFor(t.config, t.db, admin.id);
  const owned = await createToken(ownerSession, { name: 'Del dueño', scope: 'read' });
  const listed = await api('GET', '/api-tokens/admin?email=duena@tokens', adminSession);
  expect(listed.statusCode).toBe(200);
  expect(listed.json().data).toEqual(
    expect.arrayContaining([expect.objectContaining({ token_id: owned.token_id, email: owner.email })]),
  );
  expect((await api('GET', '/api-tokens/admin', ownerSession)).statusCode).toBe(403);
  expect((await api('DELETE', `/api-tokens/${owned.token_id}`, adminSession)).statusCode).toBe(200);
  expect((await api('GET', '/rpus/', owned.token)).statusCode).toBe(401);

  const { token } = await createToken(adminSession, { name: 'Consola', scope: 'full' });
  expect((await api('GET', '/users/', token)).statusCode).toBe(200);
  const write = await api('PATCH', `/users/${stranger.id}`, token, { is_active: false });
  expect(write.statusCode).toBe(403);
  expect((await api('GET', '/api-tokens/admin', token)).statusCode).toBe(403);
});

test('each token has its own request budget (429 with Retry-After)', async () => {
  const limited = await createTestApp({
    database: t.database,
    config: { apiTokenRateLimit: { max: 3, windowMs: 60_000 } },
  });
  try {
    const session = await tokenFor(limited.config, limited.db, owner.id);
    const created = await limited.app.inject({
      method: 'POST',
      url: '/api/v1/api-tokens/',
      headers: bearer(session),
      payload: { name: 'Bucle', scope: 'read' },
    });
    const { token } = zApiTokenWithSecret.parse(created.json());
    const call = () => limited.app.inject({ method: 'GET', url: '/api/v1/rpus/', headers: bearer(token) });
    for (let index = 0; index < 3; index++) expect((await call()).statusCode).toBe(200);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The person's own session is not counted against the token.
    expect(
      (await limited.app.inject({ method: 'GET', url: '/api/v1/rpus/', headers: bearer(session) }))
        .statusCode,
    ).toBe(200);
  } finally {
    await limited.close();
  }
});

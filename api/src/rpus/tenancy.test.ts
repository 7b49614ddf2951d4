import type { Rpu } from '@luz/shared/contract';
import { createTestApp, type TestApp } from '../testing/test-app';
import {
  addCredential,
  addRpu,
  apiOf,
  type Caller,
  type Method,
  newCaller,
  serviceNumber,
} from './test-helpers';

// ARCHITECTURE §5: every endpoint is scoped to its owner. Another user's service point or
// credential answers 404 (never 403: its existence is not revealed) and nothing changes.

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let owner: Caller;
let intruder: Caller;
let theirs: Rpu;
let theirCredential: string;
let mine: Rpu;

beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  owner = await newCaller(t);
  intruder = await newCaller(t);
  theirCredential = (await addCredential(t, owner.token, { cfe_user: 'dueno@cfe.test' })).credential_id;
  theirs = await addRpu(t, owner.token, { alias: 'Del dueño', credential_id: theirCredential });
  mine = await addRpu(t, intruder.token, { alias: 'Del intruso' });
});
afterAll(() => t.close());

/** The owner's service point as the owner sees it: unchanged by anything the intruder tried. */
async function expectUntouched() {
  const response = await api('GET', `/rpus/${theirs.rpu_id}`, owner.token);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual(theirs);
}

// Every case has its body function (jest would take a missing fourth argument for `done`).
type Case = [name: string, method: Method, url: () => string, body: () => object | undefined];
const noBody = () => undefined;

const onTheirRpu: Case[] = [
  ['GET /rpus/{rpu_id}', 'GET', () => `/rpus/${theirs.rpu_id}`, noBody],
  [
    'GET /rpus/by-service-number/{service_number}',
    'GET',
    () => `/rpus/by-service-number/${theirs.service_number}`,
    noBody,
  ],
  [
    'PATCH /rpus/{rpu_id}/link',
    'PATCH',
    () => `/rpus/${theirs.rpu_id}/link`,
    () => ({ credential_id: null }),
  ],
  [
    'POST /rpus/bulk-update (mixed with an own id)',
    'POST',
    () => '/rpus/bulk-update',
    () => ({ rpu_ids: [mine.rpu_id, theirs.rpu_id], alias: 'Robado', with_autofetch: true }),
  ],
  [
    'PUT /rpus/activate-auto-fetch',
    'PUT',
    () => '/rpus/activate-auto-fetch',
    () => ({ rpu_ids: [theirs.rpu_id, mine.rpu_id] }),
  ],
  [
    'PUT /rpus/deactivate-auto-fetch',
    'PUT',
    () => '/rpus/deactivate-auto-fetch',
    () => ({ rpu_ids: [theirs.rpu_id] }),
  ],
  [
    'PUT /rpus/activate-deactivate-email-notifications',
    'PUT',
    () => '/rpus/activate-deactivate-email-notifications',
    () => ({ rpu_ids: [theirs.rpu_id], send_email_notifications: true }),
  ],
  [
    'POST /rpus/delete/bulk',
    'POST',
    () => '/rpus/delete/bulk',
    () => ({ rpu_ids: [mine.rpu_id, theirs.rpu_id] }),
  ],
  ['POST /rpus/csv (selection)', 'POST', () => '/rpus/csv', () => ({ rpu_ids: [theirs.rpu_id] })],
];

const withTheirCredential: Case[] = [
  [
    'POST /rpus/',
    'POST',
    () => '/rpus/',
    () => ({ service_number: serviceNumber(), credential_id: theirCredential }),
  ],
  [
    'PATCH /rpus/{rpu_id}/link',
    'PATCH',
    () => `/rpus/${mine.rpu_id}/link`,
    () => ({ credential_id: theirCredential }),
  ],
  [
    'POST /rpus/bulk-update',
    'POST',
    () => '/rpus/bulk-update',
    () => ({ rpu_ids: [mine.rpu_id], credential_id: theirCredential }),
  ],
  ['GET /rpus/?credential_id=', 'GET', () => `/rpus/?credential_id=${theirCredential}`, noBody],
  ['POST /rpus/csv?credential_id=', 'POST', () => `/rpus/csv?credential_id=${theirCredential}`, noBody],
];

describe('another user’s service point is 404', () => {
  test.each(onTheirRpu)('%s', async (_name, method, url, body) => {
    const response = await api(method, url(), intruder.token, body());
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toMatch(/^(Servicio no encontrado|Uno o más servicios no existen)$/);
    await expectUntouched();
    // The intruder's own service point, named in the same request, was not changed either.
    expect((await api('GET', `/rpus/${mine.rpu_id}`, intruder.token)).json()).toEqual(mine);
  });
});

describe('another user’s credential is 404', () => {
  test.each(withTheirCredential)('%s', async (_name, method, url, body) => {
    const response = await api(method, url(), intruder.token, body());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Cuenta de CFE no encontrada', code: 'not_found' });
    expect((await api('GET', `/rpus/${mine.rpu_id}`, intruder.token)).json()).toEqual(mine);
  });
});

describe('lists and imports see only the caller’s own', () => {
  test('GET /rpus/, /rpus/all and the CSV never include another user’s service points', async () => {
    const list = (await api('GET', '/rpus/', intruder.token)).json();
    expect(list.data.map((rpu: Rpu) => rpu.rpu_id)).toEqual([mine.rpu_id]);
    const all = (await api('GET', '/rpus/all', intruder.token)).json();
    expect(all.map((rpu: Rpu) => rpu.rpu_id)).toEqual([mine.rpu_id]);
    const csv = (await api('POST', '/rpus/csv', intruder.token)).body;
    expect(csv).not.toContain(theirs.service_number);
  });

  test('POST /rpus/bulk cannot use another user’s portal user', async () => {
    const response = await api('POST', '/rpus/bulk', intruder.token, {
      rows: [{ service_number: serviceNumber(), cfe_user: 'dueno@cfe.test' }],
    });
    expect(response.json().results[0]).toMatchObject({
      outcome: 'invalid',
      reason: 'No tienes una cuenta de CFE con el usuario «dueno@cfe.test».',
    });
  });

  test('superuser endpoints are 403 for a regular user', async () => {
    expect((await api('GET', '/rpus/admin', owner.token)).statusCode).toBe(403);
    expect((await api('GET', `/rpus/admin/${theirs.rpu_id}/complete`, owner.token)).statusCode).toBe(403);
    expect(
      (await api('POST', '/rpus/admin/delete/bulk', owner.token, { rpu_ids: [theirs.rpu_id] })).statusCode,
    ).toBe(403);
    await expectUntouched();
  });

  test('every endpoint needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/rpus/'],
      ['GET', '/rpus/all'],
      ['POST', '/rpus/bulk'],
      ['POST', '/rpus/csv'],
      ['PUT', '/rpus/activate-auto-fetch'],
      ['GET', '/credentials/all'],
    ] as const) {
      expect((await t.app.inject({ method, url: `/api/v1${url}` })).statusCode).toBe(401);
    }
  });
});

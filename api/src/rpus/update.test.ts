import { CredentialStatus, RpuStatus, zRpu } from '@luz/shared/contract';
import { setCredentialStatus } from '../credentials/service';
import { syncMessages } from '../sync/messages';
import { createTestApp, type TestApp } from '../testing/test-app';
import { setRpuStatus } from './service';
import { addCredential, addRpu, apiOf, newCaller } from './test-helpers';

let t: TestApp;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(() => t.close());

describe('PATCH /rpus/{rpu_id}', () => {
  test('changes holder name, alias and total to pay (whole pesos, its wire name last_payment)', async () => {
    const { token } = await newCaller(t);
    const rpu = await addRpu(t, token, { alias: 'Bodega' });
    const response = await api('PATCH', `/rpus/${rpu.rpu_id}`, token, {
      alias: '  Almacén Sur ',
      holder_name: 'alimentos  y franq',
      last_payment: '$1,520',
    });
    expect(response.statusCode).toBe(200);
    expect(zRpu.parse(response.json())).toMatchObject({
      alias: 'Almacén Sur',
      holder_name: 'ALIMENTOS Y FRANQ',
      last_payment: '1520.00',
    });
    // The new alias is searchable, accents aside.
    const found = await api('GET', '/rpus/?alias=almacen%20sur', token);
    expect(found.json().data.map((row: { rpu_id: string }) => row.rpu_id)).toEqual([rpu.rpu_id]);
  });

  test('only the given fields change; null clears the total and a blank holder name clears it', async () => {
    const { token } = await newCaller(t);
    const rpu = await addRpu(t, token, { alias: 'Planta', last_payment: '980', holder_name: 'ACME' });
    const response = await api('PATCH', `/rpus/${rpu.rpu_id}`, token, {
      last_payment: null,
      holder_name: ' ',
    });
    expect(response.json()).toMatchObject({ alias: 'Planta', last_payment: null, holder_name: null });
  });

  test('a total with cents or letters is a 422 naming the field, and nothing changes', async () => {
    const { token } = await newCaller(t);
    const rpu = await addRpu(t, token, { alias: 'Planta', last_payment: '980' });
    for (const value of ['1520.50', 'mil', '-3']) {
      const response = await api('PATCH', `/rpus/${rpu.rpu_id}`, token, {
        alias: 'Otra',
        last_payment: value,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toEqual([
        {
          loc: ['body', 'last_payment'],
          msg: 'Escribe el total a pagar en pesos, sin centavos; por ejemplo 1234.',
          type: 'value_error',
        },
      ]);
    }
    const long = await api('PATCH', `/rpus/${rpu.rpu_id}`, token, { alias: 'x'.repeat(121) });
    expect(long.statusCode).toBe(422);
    expect(long.json().detail[0].loc).toEqual(['body', 'alias']);
    expect((await api('GET', `/rpus/${rpu.rpu_id}`, token)).json()).toMatchObject({
      alias: 'Planta',
      last_payment: '980.00',
    });
  });

  test("an empty change is 400; another user's service point is 404 and stays as it was", async () => {
    const owner = await newCaller(t);
    const stranger = await newCaller(t);
    const rpu = await addRpu(t, owner.token, { alias: 'Mío' });
    expect((await api('PATCH', `/rpus/${rpu.rpu_id}`, owner.token, {})).statusCode).toBe(400);
    const response = await api('PATCH', `/rpus/${rpu.rpu_id}`, stranger.token, { alias: 'Robado' });
    expect(response.statusCode).toBe(404);
    expect((await api('GET', `/rpus/${rpu.rpu_id}`, owner.token)).json().alias).toBe('Mío');
  });
});

describe('failure_reason', () => {
  test.each([
    [RpuStatus.missingLink, syncMessages.needsLastPayment, 'needs_total'],
    [RpuStatus.missingLink, syncMessages.wrongLastPayment, 'needs_total'],
    [RpuStatus.missingLink, syncMessages.needsHolderName, 'needs_holder_name'],
    [RpuStatus.badCredentials, syncMessages.invalidCredentials, 'wrong_password'],
    [RpuStatus.failed, syncMessages.captcha, 'captcha'],
    [RpuStatus.missingLink, syncMessages.cannotLink, 'cannot_link'],
    [RpuStatus.failed, syncMessages.serviceNotFound, 'service_not_found'],
    [RpuStatus.failed, syncMessages.failedAfterRetries(3, syncMessages.portalTimeout), 'failed'],
    [RpuStatus.verified, null, null],
  ] as const)('status %i with its message is %j', async (status, message, reason) => {
    const { token } = await newCaller(t);
    const credential = await addCredential(t, token);
    const rpu = await addRpu(t, token, { credential_id: credential.credential_id });
    await setRpuStatus(t.db, rpu.rpu_id, status, message);
    if (reason === 'wrong_password')
      await setCredentialStatus(t.db, credential.credential_id, CredentialStatus.invalidPassword);
    expect((await api('GET', `/rpus/${rpu.rpu_id}`, token)).json().failure_reason).toBe(reason);
  });

  test('a refused password replaced since: the service needs a new sync ("failed"), not a password', async () => {
    const { token } = await newCaller(t);
    const credential = await addCredential(t, token);
    const rpu = await addRpu(t, token, { credential_id: credential.credential_id });
    await setRpuStatus(t.db, rpu.rpu_id, RpuStatus.badCredentials, syncMessages.invalidCredentials);
    await setCredentialStatus(t.db, credential.credential_id, CredentialStatus.invalidPassword);
    expect((await api('GET', `/rpus/${rpu.rpu_id}`, token)).json().failure_reason).toBe('wrong_password');
    await api('PATCH', `/credentials/${credential.credential_id}`, token, { password: 'otra-contraseña' });
    expect((await api('GET', `/rpus/${rpu.rpu_id}`, token)).json().failure_reason).toBe('failed');
  });
});

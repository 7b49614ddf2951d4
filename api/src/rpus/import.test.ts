import { RpuStatus, zRpuBulkCreateResponse } from '@luz/shared/contract';
import { createTestApp, type TestApp } from '../testing/test-app';
import { addCredential, addRpu, apiOf, newCaller } from './test-helpers';

let t: TestApp;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(() => t.close());

const importRows = async (token: string, rows: object[]) => {
  const response = await api('POST', '/rpus/bulk', token, { rows });
  expect(response.statusCode).toBe(200);
  return zRpuBulkCreateResponse.parse(response.json());
};

describe('POST /rpus/bulk', () => {
  test('answers every row: created, duplicate or invalid with the reason', async () => {
    const { user, token } = await newCaller(t);
    const credential = await addCredential(t, token, { cfe_user: 'Compras@Aceros.mx' });
    const existing = await addRpu(t, token, { service_number: '900000000001' });

    const answer = await importRows(token, [
      {
        service_number: '9000 0000 0002',
        alias: ' Planta Norte ',
        cfe_user: 'compras@aceros.MX',
        last_payment: '$1,520.5',
      },
      { service_number: '900000000003', alias: 'Sin cuenta' },
      { service_number: existing.service_number, alias: 'Ya existía' },
      { service_number: '900000000002', alias: 'Repetido en el archivo' },
      { service_number: '', alias: 'Sin número' },
      { service_number: '12345', alias: 'Corto' },
      { service_number: '90000000000X', alias: 'Con letra' },
      { service_number: '900000000004', cfe_user: 'desconocido@cfe.test' },
      { service_number: '900000000005', alias: 'x'.repeat(121) },
      { service_number: '900000000006', last_payment: 'mil pesos' },
    ]);

    expect(
      answer.results.map(({ row, service_number, outcome, reason }) => ({
        row,
        service_number,
        outcome,
        reason,
      })),
    ).toEqual([
      { row: 0, service_number: '900000000002', outcome: 'created', reason: null },
      { row: 1, service_number: '900000000003', outcome: 'created', reason: null },
      {
        row: 2,
        service_number: '900000000001',
        outcome: 'duplicate',
        reason: 'Ya tienes este número de servicio.',
      },
      {
        row: 3,
        service_number: '900000000002',
        outcome: 'duplicate',
        reason: 'Número de servicio repetido en la importación.',
      },
      { row: 4, service_number: '', outcome: 'invalid', reason: 'Falta el número de servicio.' },
      {
        row: 5,
        service_number: '12345',
        outcome: 'invalid',
        reason: 'El número de servicio debe tener 12 dígitos.',
      },
      {
        row: 6,
        service_number: '90000000000X',
        outcome: 'invalid',
        reason: 'El número de servicio solo puede tener dígitos.',
      },
      {
        row: 7,
        service_number: '900000000004',
        outcome: 'invalid',
        reason: 'No tienes una cuenta de CFE con el usuario «desconocido@cfe.test».',
      },
      {
        row: 8,
        service_number: '900000000005',
        outcome: 'invalid',
        reason: 'El alias tiene más de 120 caracteres.',
      },
      {
        row: 9,
        service_number: '900000000006',
        outcome: 'invalid',
        reason: 'El último pago debe ser un importe, por ejemplo 1234.50.',
      },
    ]);
    expect(answer).toMatchObject({ created: 2, duplicates: 2, invalid: 6 });
    expect(answer.results[0]?.rpu_id).toEqual(expect.any(String));
    expect(answer.results[2]?.rpu_id).toBeNull();

    const created = await api('GET', `/rpus/${answer.results[0]?.rpu_id}`, token);
    expect(created.json()).toMatchObject({
      alias: 'Planta Norte',
      credential_id: credential.credential_id,
      rpu_status: RpuStatus.unverified,
      last_payment: '1520.50',
    });
    const withoutCredential = await api('GET', `/rpus/${answer.results[1]?.rpu_id}`, token);
    expect(withoutCredential.json()).toMatchObject({
      credential_id: null,
      rpu_status: RpuStatus.withoutCfeUser,
    });

    const { rows } = await t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM rpus WHERE user_id = $1',
      [user.id],
    );
    expect(rows[0]?.count).toBe(3);
  });

  test('a holder name column: written as CFE has it (upper case, single spaces); a too long one is invalid', async () => {
    const { token } = await newCaller(t);
    const answer = await importRows(token, [
      { service_number: '920000000001', holder_name: '  alimentos  y franq d chiapas ' },
      { service_number: '920000000002', holder_name: '' },
      { service_number: '920000000003', holder_name: 'x'.repeat(121) },
    ]);
    expect(answer.results.map((result) => [result.outcome, result.reason])).toEqual([
      ['created', null],
      ['created', null],
      ['invalid', 'El nombre del titular tiene más de 120 caracteres.'],
    ]);
    const named = await api('GET', `/rpus/${answer.results[0]?.rpu_id}`, token);
    expect(named.json().holder_name).toBe('ALIMENTOS Y FRANQ D CHIAPAS');
    const unnamed = await api('GET', `/rpus/${answer.results[1]?.rpu_id}`, token);
    expect(unnamed.json().holder_name).toBeNull();
  });

  test('an 11-digit number (Excel dropped its leading zero) is refused with the 12-digit number to send', async () => {
    const { token } = await newCaller(t);
    const answer = await importRows(token, [
      { service_number: '12345678901' },
      { service_number: '1234567890' },
    ]);
    expect(answer.results.map((result) => [result.outcome, result.reason])).toEqual([
      ['invalid', 'Tiene 11 dígitos: si Excel le quitó el cero inicial, envíalo como 012345678901.'],
      ['invalid', expect.not.stringContaining('cero inicial')],
    ]);
  });

  test('marks numbers another user holds as duplicated, on both sides', async () => {
    const a = await newCaller(t);
    const b = await newCaller(t);
    const theirs = await addRpu(t, a.token, { service_number: '910000000001' });
    const answer = await importRows(b.token, [
      { service_number: '910000000001' },
      { service_number: '910000000002' },
    ]);
    expect(answer.created).toBe(2);
    expect((await api('GET', `/rpus/${answer.results[0]?.rpu_id}`, b.token)).json().duplicated).toBe(true);
    expect((await api('GET', `/rpus/${answer.results[1]?.rpu_id}`, b.token)).json().duplicated).toBe(false);
    expect((await api('GET', `/rpus/${theirs.rpu_id}`, a.token)).json().duplicated).toBe(true);
  });

  test('10,000 rows in one request, one transaction', async () => {
    const { user, token } = await newCaller(t);
    const rows = Array.from({ length: 10_000 }, (_, index) => ({
      service_number: `8${String(index).padStart(11, '0')}`,
      alias: `Servicio ${index}`,
      last_payment: `${index}.25`,
    }));
    const answer = await importRows(token, rows);
    expect(answer.created).toBe(10_000);
    expect(answer.results).toHaveLength(10_000);
    const { rows: counted } = await t.db.query<{ count: number; total: string }>(
      'SELECT count(*)::int AS count, sum(last_payment)::text AS total FROM rpus WHERE user_id = $1',
      [user.id],
    );
    expect(counted[0]).toEqual({ count: 10_000, total: '49997500.00' });
  });

  test('more than 10,000 rows, or none, is a 422', async () => {
    const { token } = await newCaller(t);
    const tooMany = Array.from({ length: 10_001 }, () => ({ service_number: '800000000000' }));
    const response = await api('POST', '/rpus/bulk', token, { rows: tooMany });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0]).toMatchObject({ loc: ['body', 'rows'], type: 'too_long' });
    expect((await api('POST', '/rpus/bulk', token, { rows: [] })).statusCode).toBe(422);
  });

  test('a row without service_number is a 422 of the whole request (the shape is wrong, not the value)', async () => {
    const { token } = await newCaller(t);
    const response = await api('POST', '/rpus/bulk', token, { rows: [{ alias: 'x' }] });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(['body', 'rows', 0, 'service_number']);
  });

  test('nothing is written when the transaction fails', async () => {
    const { user, token } = await newCaller(t);
    // A trigger that fails on the 1,500th insert: the first chunk (1,000 rows) must roll back too.
    await t.db.exec(`
      CREATE FUNCTION fail_on_marker() RETURNS trigger AS $$
      BEGIN
        IF NEW.alias = 'falla' THEN RAISE EXCEPTION 'marker'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql;
      CREATE TRIGGER fail_on_marker BEFORE INSERT ON rpus FOR EACH ROW EXECUTE FUNCTION fail_on_marker();`);
    try {
      const rows = Array.from({ length: 2_000 }, (_, index) => ({
        service_number: `7${String(index).padStart(11, '0')}`,
        alias: index === 1_500 ? 'falla' : '',
      }));
      const response = await api('POST', '/rpus/bulk', token, { rows });
      expect(response.statusCode).toBe(500);
      const { rows: counted } = await t.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM rpus WHERE user_id = $1',
        [user.id],
      );
      expect(counted[0]?.count).toBe(0);
    } finally {
      await t.db.exec('DROP TRIGGER fail_on_marker ON rpus; DROP FUNCTION fail_on_marker();');
    }
  });
});

import { RpuStatus } from '@luz/shared/contract';
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

const HEADER =
  'Número de servicio,Alias,Estado,Usuario de CFE,Descarga automática,Notificaciones por correo,Último pago,Titular,Tarifa,Última sincronización,Fecha de alta';

/** The CSV's lines, BOM checked and removed. */
function csvLines(raw: Buffer): string[] {
  expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = raw.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(0, -2).split('\r\n');
}

describe('POST /rpus/csv', () => {
  test('UTF-8 with BOM, Spanish headers, an attachment; values as people read them', async () => {
    const { token } = await newCaller(t);
    const credential = await addCredential(t, token, { cfe_user: 'compras@aceros.mx' });
    const rpu = await addRpu(t, token, {
      service_number: '123456789012',
      alias: 'Almacén "Norte", Mérida',
      credential_id: credential.credential_id,
      last_payment: '1520.50',
      with_autofetch: true,
    });
    await setRpuStatus(t.db, rpu.rpu_id, RpuStatus.verified);

    const response = await api('POST', '/rpus/csv', token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="servicios-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, line, ...rest] = csvLines(response.rawPayload);
    expect(header).toBe(HEADER);
    expect(rest).toEqual([]);
    expect(line).toMatch(
      /^123456789012,"Almacén ""Norte"", Mérida",Activo,compras@aceros\.mx,Sí,No,1520\.50,,,,\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
  });

  test('an empty list is the header alone', async () => {
    const { token } = await newCaller(t);
    expect(csvLines((await api('POST', '/rpus/csv', token)).rawPayload)).toEqual([HEADER]);
  });

  test('follows the filters of GET /rpus/, or the selected ids', async () => {
    const { token } = await newCaller(t);
    const norte = await addRpu(t, token, { alias: 'Norte' });
    const sur = await addRpu(t, token, { alias: 'Sur', with_autofetch: true });
    await addRpu(t, token, { alias: 'Centro' });
    const numbersOf = (raw: Buffer) =>
      csvLines(raw)
        .slice(1)
        .map((line) => line.split(',')[0]);

    expect(numbersOf((await api('POST', '/rpus/csv?alias=norte', token)).rawPayload)).toEqual([
      norte.service_number,
    ]);
    expect(numbersOf((await api('POST', '/rpus/csv?with_autofetch=true', token)).rawPayload)).toEqual([
      sur.service_number,
    ]);
    const selected = await api('POST', '/rpus/csv', token, { rpu_ids: [norte.rpu_id, sur.rpu_id] });
    expect(numbersOf(selected.rawPayload)).toEqual([sur.service_number, norte.service_number]);
    expect((await api('POST', '/rpus/csv?rpu_status=7', token)).statusCode).toBe(422);
  });

  test('text that a spreadsheet would run as a formula is written inert', async () => {
    const { token } = await newCaller(t);
    await addRpu(t, token, { alias: '=HYPERLINK("http://x")' });
    const [, line] = csvLines((await api('POST', '/rpus/csv', token)).rawPayload);
    expect(line?.split(',')[1]).toBe(`"'=HYPERLINK(""http://x"")"`);
  });

  test('streams every row across read batches, in the list’s order, without repeats', async () => {
    const { token } = await newCaller(t);
    const rows = Array.from({ length: 2_345 }, (_, index) => ({
      service_number: `6${String(index).padStart(11, '0')}`,
      alias: `Servicio ${index}`,
    }));
    expect((await api('POST', '/rpus/bulk', token, { rows })).json().created).toBe(2_345);
    const extra = await addRpu(t, token, { alias: 'El más nuevo' });
    const lines = csvLines((await api('POST', '/rpus/csv', token)).rawPayload).slice(1);
    expect(lines).toHaveLength(2_346);
    const numbers = lines.map((line) => line.split(',')[0]);
    expect(numbers[0]).toBe(extra.service_number);
    expect(numbers.slice(1)).toEqual(rows.map((row) => row.service_number));
  });
});

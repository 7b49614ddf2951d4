import { RpuStatus, zPage, zRpu, zRpuSummary } from '@luz/shared/contract';
import { createTestApp, type TestApp } from '../testing/test-app';
import { findRpu, recordRpuPortalData, setRpuStatus } from './service';
import { addCredential, addRpu, apiOf, type Caller, newCaller, serviceNumber } from './test-helpers';

let t: TestApp;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(() => t.close());

const zRpusPage = zPage(zRpu);

describe('POST /rpus/', () => {
  test('creates a service point: spaces stripped, "Sin nombre" without credential', async () => {
    const { token } = await newCaller(t);
    const response = await api('POST', '/rpus/', token, {
      service_number: ' 1234 5678 9012 ',
      alias: '  Almacén Norte ',
      last_payment: '1520.50',
    });
    expect(response.statusCode).toBe(200);
    expect(zRpu.parse(response.json())).toMatchObject({
      service_number: '123456789012',
      alias: 'Almacén Norte',
      rpu_status: RpuStatus.withoutCfeUser,
      credential_id: null,
      cfe_user: null,
      last_payment: '1520.50',
      with_autofetch: false,
      send_email_notifications: false,
      deleted: false,
      duplicated: false,
    });
  });

  test('with a credential it starts "Inactivo" (0) and names the portal user', async () => {
    const { token } = await newCaller(t);
    const credential = await addCredential(t, token, { cfe_user: 'planta@cfe.test' });
    const rpu = await addRpu(t, token, { credential_id: credential.credential_id, with_autofetch: true });
    expect(rpu).toMatchObject({
      rpu_status: RpuStatus.unverified,
      credential_id: credential.credential_id,
      cfe_user: 'planta@cfe.test',
      with_autofetch: true,
    });
  });

  test.each([
    ['12345', 'El número de servicio debe tener 12 dígitos.'],
    ['12345678901A', 'El número de servicio solo puede tener dígitos.'],
    ['   ', 'Falta el número de servicio.'],
  ])('rejects service number %j with a 422 that says why', async (value, message) => {
    const { token } = await newCaller(t);
    const response = await api('POST', '/rpus/', token, { service_number: value });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([
      { loc: ['body', 'service_number'], msg: message, type: 'value_error' },
    ]);
  });

  test('a number the caller already has is 409; after deleting it, it can be added again', async () => {
    const { token } = await newCaller(t);
    const rpu = await addRpu(t, token);
    const again = await api('POST', '/rpus/', token, { service_number: rpu.service_number });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Ya tienes un servicio con ese número', code: 'conflict' });
    await api('POST', '/rpus/delete/bulk', token, { rpu_ids: [rpu.rpu_id] });
    expect((await api('POST', '/rpus/', token, { service_number: rpu.service_number })).statusCode).toBe(200);
  });

  test('the same number held by two users marks both duplicated; deleting one clears it', async () => {
    const a = await newCaller(t);
    const b = await newCaller(t);
    const first = await addRpu(t, a.token);
    expect(first.duplicated).toBe(false);
    const second = await addRpu(t, b.token, { service_number: first.service_number });
    expect(second.duplicated).toBe(true);
    expect((await api('GET', `/rpus/${first.rpu_id}`, a.token)).json().duplicated).toBe(true);

    await api('POST', '/rpus/delete/bulk', b.token, { rpu_ids: [second.rpu_id] });
    expect((await api('GET', `/rpus/${first.rpu_id}`, a.token)).json().duplicated).toBe(false);
  });

  test('validates last_payment as money, never a float', async () => {
    const { token } = await newCaller(t);
    const response = await api('POST', '/rpus/', token, {
      service_number: serviceNumber(),
      last_payment: 12.5,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(['body', 'last_payment']);
  });

  test('refuses a negative last payment: no receipt is paid with one', async () => {
    const { token } = await newCaller(t);
    const response = await api('POST', '/rpus/', token, {
      service_number: serviceNumber(),
      last_payment: '-5.00',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'last_payment'],
        msg: 'El último pago debe ser un importe, por ejemplo 1234.50.',
      }),
    ]);
  });
});

describe('holder name', () => {
  test('given at creation it is kept as CFE writes it; blank is none', async () => {
    const { token } = await newCaller(t);
    const named = await addRpu(t, token, { holder_name: ' Aceros  del norte sa ' });
    expect(named.holder_name).toBe('ACEROS DEL NORTE SA');
    expect((await addRpu(t, token, { holder_name: '   ' })).holder_name).toBeNull();
  });

  test('a name too long or with control characters is a 422 on holder_name', async () => {
    const { token } = await newCaller(t);
    for (const [value, message] of [
      ['A'.repeat(121), 'El nombre del titular tiene más de 120 caracteres.'],
      ['ACEROS\u0007', 'El nombre del titular tiene caracteres que no se pueden escribir.'],
    ] as const) {
      const response = await api('POST', '/rpus/', token, {
        service_number: serviceNumber(),
        holder_name: value,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toEqual([
        { loc: ['body', 'holder_name'], msg: message, type: 'value_error' },
      ]);
    }
  });

  test('edited through bulk-update: set, then cleared', async () => {
    const { token } = await newCaller(t);
    const rpu = await addRpu(t, token);
    const set = await api('POST', '/rpus/bulk-update', token, {
      rpu_ids: [rpu.rpu_id],
      holder_name: 'Planta Norte sa de cv',
    });
    expect(set.json()).toEqual({ affected: 1 });
    expect((await api('GET', `/rpus/${rpu.rpu_id}`, token)).json().holder_name).toBe('PLANTA NORTE SA DE CV');
    await api('POST', '/rpus/bulk-update', token, { rpu_ids: [rpu.rpu_id], holder_name: '' });
    expect((await api('GET', `/rpus/${rpu.rpu_id}`, token)).json().holder_name).toBeNull();
    const tooLong = await api('POST', '/rpus/bulk-update', token, {
      rpu_ids: [rpu.rpu_id],
      holder_name: 'A'.repeat(121),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().detail[0].loc).toEqual(['body', 'holder_name']);
  });
});

describe('GET /rpus/ filters', () => {
  let owner: Caller;
  let credentialA: string;
  let credentialB: string;
  const numbers = {
    almacen: '555100000001',
    oficina: '555100000002',
    planta: '555200000003',
    bodega: '666100000004',
  };

  beforeAll(async () => {
    owner = await newCaller(t);
    credentialA = (await addCredential(t, owner.token, { cfe_user: 'Compras@Aceros.mx' })).credential_id;
    credentialB = (await addCredential(t, owner.token, { cfe_user: 'planta@otra.mx' })).credential_id;
    await addRpu(t, owner.token, {
      service_number: numbers.almacen,
      alias: 'Almacén Central',
      credential_id: credentialA,
      with_autofetch: true,
    });
    await addRpu(t, owner.token, {
      service_number: numbers.oficina,
      alias: 'Oficinas ALMACEN sur',
      credential_id: credentialA,
      send_email_notifications: true,
    });
    const planta = await addRpu(t, owner.token, {
      service_number: numbers.planta,
      alias: 'Planta 100%_real',
      credential_id: credentialB,
    });
    await setRpuStatus(t.db, planta.rpu_id, RpuStatus.verified);
    await addRpu(t, owner.token, { service_number: numbers.bodega, alias: 'Bodega' });
    // Another user's and a deleted service point never appear.
    const stranger = await newCaller(t);
    await addRpu(t, stranger.token, { alias: 'Almacén ajeno' });
    const gone = await addRpu(t, owner.token, { alias: 'Almacén borrado' });
    await api('POST', '/rpus/delete/bulk', owner.token, { rpu_ids: [gone.rpu_id] });
  });

  const list = async (query: string) => {
    const response = await api('GET', `/rpus/${query}`, owner.token);
    expect(response.statusCode).toBe(200);
    const page = zRpusPage.parse(response.json());
    return { count: page.count, numbers: page.data.map((rpu) => rpu.service_number).sort() };
  };

  test('no filter: every service point of the caller, not deleted, newest first', async () => {
    const response = zRpusPage.parse((await api('GET', '/rpus/', owner.token)).json());
    expect(response.count).toBe(4);
    expect(response.data.map((rpu) => rpu.service_number)).toEqual([
      numbers.bodega,
      numbers.planta,
      numbers.oficina,
      numbers.almacen,
    ]);
  });

  test('alias: contains, without regard to case or accents', async () => {
    expect((await list('?alias=almacen')).numbers).toEqual([numbers.almacen, numbers.oficina]);
    expect((await list('?alias=ALMACÉN')).numbers).toEqual([numbers.almacen, numbers.oficina]);
    expect((await list('?alias=central')).numbers).toEqual([numbers.almacen]);
  });

  test('alias: LIKE wildcards are taken literally', async () => {
    expect((await list('?alias=100%25_')).numbers).toEqual([numbers.planta]);
    expect((await list('?alias=%25')).numbers).toEqual([numbers.planta]);
  });

  test('service_number: a prefix, spaces ignored', async () => {
    expect((await list('?service_number=5551')).numbers).toEqual([numbers.almacen, numbers.oficina]);
    expect((await list('?service_number=555%202')).numbers).toEqual([numbers.planta]);
    expect((await list('?service_number=0001')).numbers).toEqual([]);
  });

  test('credential_id', async () => {
    expect((await list(`?credential_id=${credentialA}`)).numbers).toEqual([numbers.almacen, numbers.oficina]);
    expect((await list(`?credential_id=${credentialB}`)).numbers).toEqual([numbers.planta]);
  });

  test('cfe_user: contains the credential’s portal user, any case', async () => {
    expect((await list('?cfe_user=aceros')).numbers).toEqual([numbers.almacen, numbers.oficina]);
    expect((await list('?cfe_user=PLANTA@')).numbers).toEqual([numbers.planta]);
  });

  test('with_credential', async () => {
    expect((await list('?with_credential=true')).count).toBe(3);
    expect((await list('?with_credential=false')).numbers).toEqual([numbers.bodega]);
  });

  test('rpu_status', async () => {
    expect((await list(`?rpu_status=${RpuStatus.verified}`)).numbers).toEqual([numbers.planta]);
    expect((await list(`?rpu_status=${RpuStatus.withoutCfeUser}`)).numbers).toEqual([numbers.bodega]);
    expect((await list('?rpu_status=-1')).numbers).toEqual([]);
    expect((await api('GET', '/rpus/?rpu_status=9', owner.token)).statusCode).toBe(422);
  });

  test('with_autofetch and send_email_notifications', async () => {
    expect((await list('?with_autofetch=true')).numbers).toEqual([numbers.almacen]);
    expect((await list('?with_autofetch=false')).count).toBe(3);
    expect((await list('?send_email_notifications=1')).numbers).toEqual([numbers.oficina]);
    expect((await api('GET', '/rpus/?with_autofetch=si', owner.token)).statusCode).toBe(422);
  });

  test('filters combine', async () => {
    expect((await list(`?alias=almacen&credential_id=${credentialA}&with_autofetch=true`)).numbers).toEqual([
      numbers.almacen,
    ]);
  });

  test('page and page_size; count is the total before paging', async () => {
    const first = zRpusPage.parse((await api('GET', '/rpus/?page=1&page_size=3', owner.token)).json());
    const second = zRpusPage.parse((await api('GET', '/rpus/?page=2&page_size=3', owner.token)).json());
    expect(first.count).toBe(4);
    expect(first.data).toHaveLength(3);
    expect(second.data).toHaveLength(1);
    expect(new Set([...first.data, ...second.data].map((rpu) => rpu.rpu_id)).size).toBe(4);
    expect((await api('GET', '/rpus/?page_size=0', owner.token)).statusCode).toBe(422);
  });
});

describe('single reads', () => {
  test('GET /rpus/all: light entries of every service point, without deleted ones', async () => {
    const { token } = await newCaller(t);
    const kept = await addRpu(t, token, { alias: 'Uno' });
    const gone = await addRpu(t, token, { alias: 'Dos' });
    await api('POST', '/rpus/delete/bulk', token, { rpu_ids: [gone.rpu_id] });
    const all = zRpuSummary.array().parse((await api('GET', '/rpus/all', token)).json());
    expect(all).toEqual([
      {
        rpu_id: kept.rpu_id,
        service_number: kept.service_number,
        alias: 'Uno',
        credential_id: null,
        rpu_status: RpuStatus.withoutCfeUser,
      },
    ]);
  });

  test('GET /rpus/by-service-number/{service_number}', async () => {
    const { token } = await newCaller(t);
    const rpu = await addRpu(t, token);
    const found = await api('GET', `/rpus/by-service-number/${rpu.service_number}`, token);
    expect(found.statusCode).toBe(200);
    expect(found.json().rpu_id).toBe(rpu.rpu_id);
    const spaced = `${rpu.service_number.slice(0, 4)}%20${rpu.service_number.slice(4)}`;
    expect((await api('GET', `/rpus/by-service-number/${spaced}`, token)).json().rpu_id).toBe(rpu.rpu_id);
    expect((await api('GET', '/rpus/by-service-number/000000000000', token)).statusCode).toBe(404);
  });

  test('GET /rpus/{rpu_id}: 404 once deleted; 422 for an id that is not a UUID', async () => {
    const { token } = await newCaller(t);
    const rpu = await addRpu(t, token);
    expect((await api('GET', `/rpus/${rpu.rpu_id}`, token)).statusCode).toBe(200);
    await api('POST', '/rpus/delete/bulk', token, { rpu_ids: [rpu.rpu_id] });
    expect((await api('GET', `/rpus/${rpu.rpu_id}`, token)).statusCode).toBe(404);
    expect((await api('GET', '/rpus/no-es-un-id', token)).statusCode).toBe(422);
  });
});

describe('changes', () => {
  test('PATCH /rpus/{rpu_id}/link assigns a credential (Inactivo) and removes it (Sin nombre)', async () => {
    const { token } = await newCaller(t);
    const credential = await addCredential(t, token, { cfe_user: 'vinculo@cfe.test' });
    const rpu = await addRpu(t, token);
    const linked = await api('PATCH', `/rpus/${rpu.rpu_id}/link`, token, {
      credential_id: credential.credential_id,
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({
      credential_id: credential.credential_id,
      cfe_user: 'vinculo@cfe.test',
      rpu_status: RpuStatus.unverified,
    });

    await setRpuStatus(t.db, rpu.rpu_id, RpuStatus.verified, null, { synced: true });
    const same = await api('PATCH', `/rpus/${rpu.rpu_id}/link`, token, {
      credential_id: credential.credential_id,
    });
    expect(same.json().rpu_status).toBe(RpuStatus.verified);

    const unlinked = await api('PATCH', `/rpus/${rpu.rpu_id}/link`, token, { credential_id: null });
    expect(unlinked.json()).toMatchObject({ credential_id: null, rpu_status: RpuStatus.withoutCfeUser });
  });

  test('POST /rpus/bulk-update applies one change to many; needs a change', async () => {
    const { token } = await newCaller(t);
    const credential = await addCredential(t, token);
    const a = await addRpu(t, token);
    const b = await addRpu(t, token);
    const response = await api('POST', '/rpus/bulk-update', token, {
      rpu_ids: [a.rpu_id, b.rpu_id],
      credential_id: credential.credential_id,
      with_autofetch: true,
      send_email_notifications: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ affected: 2 });
    for (const rpu of [a, b]) {
      expect((await api('GET', `/rpus/${rpu.rpu_id}`, token)).json()).toMatchObject({
        credential_id: credential.credential_id,
        rpu_status: RpuStatus.unverified,
        with_autofetch: true,
        send_email_notifications: true,
      });
    }

    const renamed = await api('POST', '/rpus/bulk-update', token, {
      rpu_ids: [a.rpu_id],
      alias: 'Sucursal Mérida',
    });
    expect(renamed.json()).toEqual({ affected: 1 });
    const found = zRpusPage.parse((await api('GET', '/rpus/?alias=merida', token)).json());
    expect(found.data.map((rpu) => rpu.rpu_id)).toEqual([a.rpu_id]);

    const empty = await api('POST', '/rpus/bulk-update', token, { rpu_ids: [a.rpu_id] });
    expect(empty.statusCode).toBe(400);
    expect((await api('POST', '/rpus/bulk-update', token, { rpu_ids: [], alias: 'x' })).statusCode).toBe(422);
  });

  test('PUT activate/deactivate-auto-fetch; autofetch makes the service point due for the scheduler', async () => {
    const { token } = await newCaller(t);
    const a = await addRpu(t, token);
    const b = await addRpu(t, token);
    const on = await api('PUT', '/rpus/activate-auto-fetch', token, { rpu_ids: [a.rpu_id, b.rpu_id] });
    expect(on.json()).toEqual({ affected: 2 });
    const due = await t.db.query<{ due: boolean }>(
      'SELECT next_autofetch_at IS NOT NULL AS due FROM rpus WHERE id = $1',
      [a.rpu_id],
    );
    expect(due.rows[0]?.due).toBe(true);
    const off = await api('PUT', '/rpus/deactivate-auto-fetch', token, { rpu_ids: [b.rpu_id] });
    expect(off.json()).toEqual({ affected: 1 });
    expect((await api('GET', `/rpus/${a.rpu_id}`, token)).json().with_autofetch).toBe(true);
    expect((await api('GET', `/rpus/${b.rpu_id}`, token)).json().with_autofetch).toBe(false);
  });

  test('PUT activate-deactivate-email-notifications', async () => {
    const { token } = await newCaller(t);
    const rpu = await addRpu(t, token);
    const on = await api('PUT', '/rpus/activate-deactivate-email-notifications', token, {
      rpu_ids: [rpu.rpu_id],
      send_email_notifications: true,
    });
    expect(on.json()).toEqual({ affected: 1 });
    expect((await api('GET', `/rpus/${rpu.rpu_id}`, token)).json().send_email_notifications).toBe(true);
    const missing = await api('PUT', '/rpus/activate-deactivate-email-notifications', token, {
      rpu_ids: [rpu.rpu_id],
    });
    expect(missing.statusCode).toBe(422);
  });

  test('POST /rpus/delete/bulk is a soft delete that stops autofetch', async () => {
    const { user, token } = await newCaller(t);
    const rpu = await addRpu(t, token, { with_autofetch: true });
    const response = await api('POST', '/rpus/delete/bulk', token, { rpu_ids: [rpu.rpu_id, rpu.rpu_id] });
    expect(response.json()).toEqual({ affected: 1 });
    const { rows } = await t.db.query<{ deleted: boolean; with_autofetch: boolean; deleted_at: Date | null }>(
      'SELECT deleted, with_autofetch, deleted_at FROM rpus WHERE id = $1',
      [rpu.rpu_id],
    );
    expect(rows[0]).toMatchObject({ deleted: true, with_autofetch: false });
    expect(rows[0]?.deleted_at).toBeInstanceOf(Date);
    expect(await findRpu(t.db, user.id, rpu.rpu_id)).toBeNull();
    // Deleting it again is a 404: it is gone for its owner.
    expect((await api('POST', '/rpus/delete/bulk', token, { rpu_ids: [rpu.rpu_id] })).statusCode).toBe(404);
  });
});

describe('for the sync engine', () => {
  test('setRpuStatus and recordRpuPortalData', async () => {
    const { token } = await newCaller(t);
    const rpu = await addRpu(t, token);
    expect(
      await setRpuStatus(t.db, rpu.rpu_id, RpuStatus.missingLink, 'Ninguna cuenta pudo vincularlo'),
    ).toBe(true);
    await recordRpuPortalData(t.db, rpu.rpu_id, {
      holderName: 'ACEROS DEL NORTE SA',
      tariff: 'GDMTH',
      hasUns: true,
    });
    expect((await api('GET', `/rpus/${rpu.rpu_id}`, token)).json()).toMatchObject({
      rpu_status: RpuStatus.missingLink,
      status_message: 'Ninguna cuenta pudo vincularlo',
      holder_name: 'ACEROS DEL NORTE SA',
      tariff: 'GDMTH',
      has_uns: true,
      last_synced_at: null,
    });
    await recordRpuPortalData(t.db, rpu.rpu_id, { tariff: 'PDBT' });
    expect((await api('GET', `/rpus/${rpu.rpu_id}`, token)).json()).toMatchObject({
      holder_name: 'ACEROS DEL NORTE SA',
      tariff: 'PDBT',
      has_uns: true,
    });
  });
});

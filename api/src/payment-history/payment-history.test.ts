import type { Page, Payment, Task } from '@luz/shared/contract';
import {
  FEWEST_RECEIPTS,
  type SyncReplica,
  seedCredential,
  seedRpu,
  startSyncReplica,
  syncConfig,
  waitForTask,
} from '../sync/test-helpers';
import { bearer, seedUser, tokenFor } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

let replica: SyncReplica;
let t: TestApp;
let token: string;
let strangerToken: string;
let rpuId: string;

async function request<T>(method: 'GET' | 'POST', auth: string, url: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(auth),
    ...(payload ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    body: response.body,
    json: () => response.json<T>(),
    headers: response.headers,
  };
}

beforeAll(async () => {
  replica = await startSyncReplica();
  t = await createTestApp({ config: syncConfig(replica.url) });
  const user = await seedUser(t.db);
  token = await tokenFor(t.config, t.db, user.id);
  strangerToken = await tokenFor(t.config, t.db, (await seedUser(t.db)).id);
  const credentialId = await seedCredential(t, user.id);
  const [serviceNumber] = replica.services('empresa.demo');
  rpuId = await seedRpu(t, user.id, {
    serviceNumber: serviceNumber as string,
    credentialId,
    alias: '=Oficina, centro',
  });
  const started = await request<Task>('POST', token, `/payment-history/rpu/${rpuId}/sync`);
  expect(started.status).toBe(202);
  expect(started.json()).toMatchObject({ type: 3, workflow: 5 });
  await waitForTask(t, token, started.json().task_id);
});
afterAll(async () => {
  await t.close();
  await replica.close();
});

test('the payment history is listed newest first, paginated, with exact amounts', async () => {
  const page = await request<Page<Payment>>('GET', token, `/payment-history/rpu/${rpuId}?page_size=2`);
  expect(page.status).toBe(200);
  const { data, count } = page.json();
  // At least one payment per receipt.
  expect(count).toBeGreaterThanOrEqual(FEWEST_RECEIPTS);
  expect(data).toHaveLength(2);
  expect(data.map((payment) => payment.paid_on)).toEqual(
    [...data.map((payment) => payment.paid_on)].sort().reverse(),
  );
  expect(data[0]?.amount).toMatch(/^\d+\.\d{2}$/);
  const second = await request<Page<Payment>>(
    'GET',
    token,
    `/payment-history/rpu/${rpuId}?page=2&page_size=2`,
  );
  expect(second.json().data[0]?.payment_id).not.toBe(data[0]?.payment_id);
  expect((await request('GET', strangerToken, `/payment-history/rpu/${rpuId}`)).status).toBe(404);
  expect((await request('POST', strangerToken, `/payment-history/rpu/${rpuId}/sync`)).status).toBe(404);
});

test('the CSV has Spanish headers, dd/MM/yyyy dates, and neutralises formulas', async () => {
  const csv = await request('POST', token, '/payment-history/csv', { rpu_id: rpuId });
  expect(csv.status).toBe(200);
  expect(csv.headers['content-type']).toContain('text/csv');
  expect(csv.headers['content-disposition']).toContain('historial-de-pagos-');
  const [header, first] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
  expect(header).toBe(
    'Número de servicio,Alias,Fecha de pago,Importe (MXN),Canal,Referencia,Serie del CFDI de pago,Folio del CFDI de pago,UUID del CFDI de pago',
  );
  expect(first).toMatch(/^\d{12},"'=Oficina, centro",\d{2}\/\d{2}\/\d{4},\d+\.\d{2},/);
  const { data } = (
    await request<Page<Payment>>('GET', token, `/payment-history/rpu/${rpuId}?page_size=2`)
  ).json();
  // The payment document each row comes from, as the list shows it.
  const newest = data[0] as Payment;
  expect(newest.cfdi_uuid).not.toBeNull();
  expect(first?.endsWith(`,${newest.cfdi_series},${newest.cfdi_folio},${newest.cfdi_uuid}`)).toBe(true);
  const selected = await request('POST', token, '/payment-history/csv', {
    rpu_id: rpuId,
    payment_ids: data.map((payment) => payment.payment_id),
  });
  expect(selected.body.trim().split('\r\n')).toHaveLength(3);
  expect((await request('POST', strangerToken, '/payment-history/csv', { rpu_id: rpuId })).status).toBe(404);
});

test('payments are deleted in bulk only when every one is the caller’s', async () => {
  const { data, count } = (
    await request<Page<Payment>>('GET', token, `/payment-history/rpu/${rpuId}?page_size=3`)
  ).json();
  const ids = data.map((payment) => payment.payment_id);
  expect(
    (await request('POST', strangerToken, '/payment-history/delete/bulk', { payment_ids: ids })).status,
  ).toBe(404);
  const deleted = await request<{ affected: number }>('POST', token, '/payment-history/delete/bulk', {
    payment_ids: ids,
  });
  expect(deleted.json()).toEqual({ affected: 3 });
  expect((await request<Page<Payment>>('GET', token, `/payment-history/rpu/${rpuId}`)).json().count).toBe(
    count - 3,
  );
  expect((await request('POST', token, '/payment-history/delete/bulk', { payment_ids: [] })).status).toBe(
    422,
  );
});

import { demoAccount, expect, finishedTaskStatus, signInWithToken, test } from '../fixtures';

// What CFE's CFDI say reaches the screens: the bundled replica of CFE's pages serves CFDI 4.0 receipts
// and payment documents as CFE issues them (the account the setup project synced); the sync reads them.

type Rpu = {
  rpu_id: string;
  service_number: string;
  holder_name: string | null;
  tariff: string | null;
  last_amount: string | null;
};
type Period = {
  cfdi_series: string | null;
  cfdi_folio: string | null;
  amount: string;
  consumption_kwh: string;
  tariff: string;
};
type Payment = { amount: string; channel: string; cfdi_series: string | null; cfdi_folio: string | null };

const money = (amount: string) =>
  new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(Number(amount));
const kwh = (value: string) => `${new Intl.NumberFormat('es-MX').format(Number(value))} kWh`;

test('un servicio sincronizado muestra titular, tarifa, último importe, periodos con centavos y kWh, y pagos de los comprobantes de pago', async ({
  page,
  seed,
  request,
}) => {
  test.setTimeout(180_000);
  // The demo account the setup project synced (shared with periods.spec, which only reads it).
  const { user } = await demoAccount();
  const auth = seed.authorized(user.token);

  const rpus = (await (await request.get('/api/v1/rpus/?page_size=50', auth)).json()).data as Rpu[];
  const rpu = rpus.find((candidate) => candidate.holder_name && candidate.last_amount) as Rpu;
  expect(rpu, 'a synced service point knows its holder and last amount').toBeTruthy();
  const periods = (
    await (await request.get(`/api/v1/periods/all?rpu_id=${rpu.rpu_id}&page_size=5`, auth)).json()
  ).data as Period[];
  const newest = periods[0] as Period;
  expect(newest.cfdi_series).toMatch(/^[A-Z]{2}$/);
  expect(newest.amount).toMatch(/^\d+\.\d{2}$/);

  await signInWithToken(page, user.token);

  // The RPU list: holder as CFE has it, tariff and the last receipt's amount with cents.
  await page.goto('/rpus/');
  const row = page
    .getByRole('table', { name: 'Servicios de CFE' })
    .getByRole('row')
    .filter({ hasText: rpu.service_number });
  await expect(row).toContainText(rpu.holder_name as string);
  await expect(row).toContainText(`Tarifa ${rpu.tariff}`);
  await expect(row).toContainText(money(rpu.last_amount as string));

  // Its periods: series-folio of the receipt, fiscal total with cents, kWh and tariff.
  await page.goto(`/periods?filterBy=rpu&rpuId=${rpu.rpu_id}`);
  const first = page.getByRole('table', { name: 'Periodos de facturación' }).locator('tbody tr').first();
  await expect(first).toContainText(`${newest.cfdi_series}-${newest.cfdi_folio}`);
  await expect(first).toContainText(money(newest.amount));
  await expect(first).toContainText(kwh(newest.consumption_kwh));
  await expect(first).toContainText(newest.tariff);
  await expect(first).toContainText('Vence');

  // The payment history, from CFE's payment CFDIs: it arrives with the receipts' sync.
  await page.goto(`/rpus/${rpu.rpu_id}/payment-history`);
  await expect(
    page.getByRole('table', { name: 'Pagos del servicio' }).locator('tbody tr').first(),
  ).toBeVisible();
  const history = async () =>
    (await (await request.get(`/api/v1/payment-history/rpu/${rpu.rpu_id}?page_size=10`, auth)).json()) as {
      data: Payment[];
      count: number;
    };
  const before = await history();
  expect(before.count).toBeGreaterThan(0);
  // "Sincronizar pagos" still runs on its own; everything is stored already, nothing comes twice.
  const syncStarted = page.waitForResponse(
    (response) => response.url().includes('/payment-history/rpu/') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Sincronizar pagos' }).first().click();
  const { task_id } = await (await syncStarted).json();
  expect(await finishedTaskStatus(request, user.token, task_id)).toBe(1);
  const { data: payments, count } = await history();
  expect(count).toBe(before.count);
  const paid = payments[0] as Payment;
  expect(paid.cfdi_series).toMatch(/^K[9X]$/);
  await page.reload();
  const paymentRow = page.getByRole('table', { name: 'Pagos del servicio' }).locator('tbody tr').first();
  await expect(paymentRow).toContainText(money(paid.amount));
  await expect(paymentRow).toContainText(paid.channel);
  await expect(paymentRow).toContainText(`${paid.cfdi_series}-${paid.cfdi_folio}`);
  expect([
    'Transferencia electrónica de fondos',
    'Efectivo',
    'Tarjeta de débito',
    'Tarjeta de crédito',
    'Cheque nominativo',
  ]).toContain(paid.channel);
});

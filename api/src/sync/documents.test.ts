import type { Page, Payment, Period, Rpu } from '@luz/shared/contract';
import { moneyText } from '../cfdi/money';
import { paymentFormName } from '../cfdi/payment-forms';
import {
  serviceDocuments,
  servicePayments,
  serviceProfile,
  serviceReceipts,
  type WorldComplementary,
  type WorldDocument,
} from '../portal/simulator/world';
import { bearer } from '../testing/fixtures';
import { HISTORY_MONTHS, seedCredential, seedRpu, waitForTask } from './test-helpers';
import { syncTestWorld } from './test-world';

const world = syncTestWorld();

/** A business service whose last 26 months have a re-issued receipt, complementary invoices and a payment of two receipts. */
function richService(): string {
  for (let index = 0; index < 5_000; index += 1) {
    const serviceNumber = `56${String(index).padStart(9, '0')}1`;
    const profile = serviceProfile(serviceNumber);
    const documents = serviceDocuments(profile, new Date(), HISTORY_MONTHS);
    const has = (predicate: (document: WorldDocument) => boolean) => documents.some(predicate);
    if (
      profile.monthly &&
      has((document) => document.type === 'receipt' && document.replaces !== null) &&
      has((document) => document.type === 'complementary') &&
      has((document) => document.type === 'payment' && document.documents.length > 1)
    )
      return serviceNumber;
  }
  throw new Error('no such service in the simulated world');
}

async function api<T>(method: 'GET' | 'POST', token: string, url: string, payload?: object) {
  const response = await world.t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    payload,
  });
  return { status: response.statusCode, json: () => response.json<T>() };
}

async function sync(token: string, url: string) {
  const started = await api<{ task_id: string }>('POST', token, url, {});
  expect(started.status).toBe(202);
  return waitForTask(world.t, token, started.json().task_id);
}

test('CFE documents become periods, companions and a payment history; a re-sync changes nothing', async () => {
  const serviceNumber = richService();
  const profile = serviceProfile(serviceNumber);
  world.replica.state.addAccount({
    username: 'rico.demo',
    password: 'Demo-2024',
    serviceNumbers: [serviceNumber],
  });
  const { user, token } = await world.owner();
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: 'rico.demo' });
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber, credentialId });
  const today = new Date();
  const receipts = serviceReceipts(profile, today, HISTORY_MONTHS);
  const listed = serviceDocuments(profile, today, HISTORY_MONTHS);

  expect((await sync(token, `/rpus/sync/${credentialId}/${rpuId}`)).status).toBe(1);

  // One period per receipt that counts (a re-issue replaces its month's original), known by its CFDI.
  const periods = (
    await api<Page<Period>>('GET', token, `/periods/all?rpu_id=${rpuId}&page_size=100`)
  ).json();
  expect(periods.count).toBe(receipts.length);
  for (const receipt of receipts) {
    const period = periods.data.find((candidate) => candidate.cfdi_uuid === receipt.uuid);
    expect(period).toMatchObject({
      cfdi_series: receipt.series,
      cfdi_folio: receipt.folio,
      billing_month: receipt.month,
      initial_date: receipt.initialDate,
      final_date: receipt.finalDate,
      due_date: receipt.dueDate,
      amount: moneyText(receipt.total),
      total_to_pay: `${receipt.totalToPay}.00`,
      vat_amount: moneyText(receipt.vat),
      vat_rate: '0.1600',
      lighting_duty: moneyText(receipt.lightingDuty),
      consumption_kwh: `${receipt.kwh}.00`,
      tariff: profile.tariff,
      holder_name: profile.holderName,
      has_pdf: true,
      has_xml: true,
    });
  }
  const replaced = listed.filter((document) => document.type === 'receipt' && document.replaces);
  for (const reissue of replaced)
    if (reissue.type === 'receipt')
      expect(periods.data.some((period) => period.cfdi_uuid === reissue.replaces)).toBe(false);

  // Complementary invoices are documents of their period, not periods.
  const complementary = listed.filter(
    (document): document is WorldComplementary => document.type === 'complementary',
  );
  for (const invoice of complementary) {
    const period = periods.data.find((candidate) => candidate.cfdi_uuid === invoice.relatedUuid);
    expect(period?.companions).toContainEqual(
      expect.objectContaining({ series: invoice.series, folio: invoice.folio }),
    );
  }

  // The service point shows what the latest receipt says.
  const rpu = (await api<Rpu>('GET', token, `/rpus/by-service-number/${serviceNumber}`)).json();
  const [latest] = receipts;
  expect(rpu).toMatchObject({
    holder_name: profile.holderName,
    address: profile.address,
    tariff: profile.tariff,
    last_amount: moneyText(latest?.total ?? 0),
    last_period_end: latest?.finalDate,
  });

  // Payments come from the payment CFDIs, with the receipts: the history's own sync finds
  // nothing new to download.
  const before = world.replica.downloads();
  expect((await sync(token, `/payment-history/rpu/${rpuId}/sync`)).status).toBe(1);
  expect(world.replica.downloads()).toBe(before);
  const payments = (
    await api<Page<Payment>>('GET', token, `/payment-history/rpu/${rpuId}?page_size=100`)
  ).json();
  const expected = servicePayments(profile, today, HISTORY_MONTHS);
  expect(payments.count).toBe(expected.length);
  for (const payment of expected) {
    expect(payments.data).toContainEqual(
      expect.objectContaining({
        paid_on: payment.paidAt.slice(0, 10),
        amount: moneyText(payment.amount),
        channel: paymentFormName(payment.form),
        reference: payment.reference ?? '',
        payment_form: payment.form,
        cfdi_uuid: payment.uuid,
        cfdi_series: payment.series,
        cfdi_folio: payment.folio,
      }),
    );
  }

  // Syncing again downloads nothing and stores nothing twice.
  world.replica.state.resetStatistics();
  expect((await sync(token, `/rpus/sync/${credentialId}/${rpuId}`)).status).toBe(1);
  expect((await sync(token, `/payment-history/rpu/${rpuId}/sync`)).status).toBe(1);
  expect(world.replica.downloads()).toBe(0);
  const { rows } = await world.t.db.query<{ periods: number; documents: number; payments: number }>(
    `SELECT (SELECT count(*)::int FROM periods WHERE rpu_id = $1) AS periods,
            (SELECT count(*)::int FROM documents WHERE rpu_id = $1) AS documents,
            (SELECT count(*)::int FROM payment_history WHERE rpu_id = $1) AS payments`,
    [rpuId],
  );
  expect(rows[0]).toEqual({
    periods: receipts.length,
    documents:
      receipts.length * 2 +
      complementary.filter((invoice) => receipts.some((receipt) => receipt.uuid === invoice.relatedUuid))
        .length,
    payments: expected.length,
  });
});

test('a CFDI naming another service is never stored, neither a receipt nor a payment', async () => {
  const { user, token } = await world.owner();
  const serviceNumber = world.replica.services('empresa.demo')[0] as string;
  const credentialId = await seedCredential(world.t, user.id);
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber: serviceNumber as string, credentialId });
  world.replica.mismatchedXml.add(serviceNumber);
  try {
    const task = await sync(token, `/rpus/sync/${credentialId}/${rpuId}`);
    expect(task.status).toBe(2);
    const payments = await sync(token, `/payment-history/rpu/${rpuId}/sync`);
    expect(payments.status).toBe(2);
  } finally {
    world.replica.mismatchedXml.delete(serviceNumber);
  }
  const { rows } = await world.t.db.query<{ n: number }>(
    `SELECT (SELECT count(*)::int FROM periods WHERE rpu_id = $1) + (SELECT count(*)::int FROM payment_history WHERE rpu_id = $1) AS n`,
    [rpuId],
  );
  expect(rows[0]?.n).toBe(0);
});

import type { CfePayment } from '../cfdi/read-cfdi';
import type { Queryable } from '../db/database';
import { DocumentError } from './errors';
import { syncMessages } from './messages';
import type { ReceiptsTarget } from './receipts';

/**
 * A payment CFDI that names no service belongs here only when every receipt it pays is a period
 * of this service point: never assumed from where it was downloaded.
 */
async function assertPaysThisService(
  db: Queryable,
  rpuId: string,
  serviceNumber: string,
  payment: CfePayment,
) {
  if (payment.serviceNumber !== null) return;
  const paid = [
    ...new Set(payment.payments.flatMap((entry) => entry.documents.map((document) => document.uuid))),
  ];
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM periods WHERE rpu_id = $1 AND cfdi_uuid = ANY($2::text[])',
    [rpuId, paid],
  );
  if (paid.length === 0 || rows[0]?.n !== paid.length)
    throw new DocumentError(syncMessages.paymentNotOfService(serviceNumber, payment.series, payment.folio));
}

/** The payment documents already in the service point's history, by series and folio. */
export async function knownPayments(db: Queryable, rpuId: string): Promise<Set<string>> {
  const { rows } = await db.query<{ key: string }>(
    `SELECT DISTINCT cfdi_series || '-' || cfdi_folio AS key FROM payment_history
     WHERE rpu_id = $1 AND cfdi_folio IS NOT NULL`,
    [rpuId],
  );
  return new Set(rows.map((row) => row.key));
}

/**
 * One payment CFDI of the service point into its payment history: one row per payment (date,
 * amount, channel in Spanish, reference), checked against the service first. Storing twice
 * changes nothing. Answers how many rows are new.
 */
export async function storePaymentCfdi(
  db: Queryable,
  target: ReceiptsTarget,
  payment: CfePayment,
): Promise<number> {
  await assertPaysThisService(db, target.rpuId, target.serviceNumber, payment);
  const { rows } = await db.query<{ inserted: boolean }>(
    `INSERT INTO payment_history (user_id, rpu_id, paid_on, amount, channel, reference, payment_form,
       cfdi_uuid, cfdi_series, cfdi_folio, payment_index)
     SELECT $1, $2, p.paid_on, p.amount, p.channel, p.reference, p.form, $8, $9, $10, p.index - 1
     FROM unnest($3::date[], $4::numeric[], $5::text[], $6::text[], $7::text[]) WITH ORDINALITY
       AS p(paid_on, amount, channel, reference, form, index)
     ON CONFLICT (rpu_id, cfdi_uuid, payment_index) DO UPDATE SET
       paid_on = EXCLUDED.paid_on, amount = EXCLUDED.amount, channel = EXCLUDED.channel,
       reference = EXCLUDED.reference, payment_form = EXCLUDED.payment_form
     RETURNING (xmax = 0) AS inserted`,
    [
      target.userId,
      target.rpuId,
      payment.payments.map((entry) => entry.paidOn),
      payment.payments.map((entry) => entry.amount),
      payment.payments.map((entry) => entry.channel),
      payment.payments.map((entry) => entry.reference ?? ''),
      payment.payments.map((entry) => entry.form),
      payment.uuid,
      payment.series,
      payment.folio,
    ],
  );
  return rows.filter((row) => row.inserted).length;
}

/** How many payments the service point's history holds. */
export async function paymentCount(db: Queryable, rpuId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM payment_history WHERE rpu_id = $1',
    [rpuId],
  );
  return rows[0]?.n ?? 0;
}

import type { CfePayment } from '../cfdi/read-cfdi';
import type { Queryable } from '../db/database';
import type { PortalCredential, PortalDocument } from '../portal/portal-client';
import { DocumentError } from './errors';
import { syncMessages } from './messages';
import { type ReceiptDeps, type ReceiptsTarget, readDocumentOf } from './receipts';

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

/**
 * The service point's payment history from the payment documents the portal lists: one row per
 * payment of each document (date, amount, channel in Spanish, reference). A document already
 * stored (known by series and folio) costs no request; storing twice changes nothing.
 */
export async function storePayments(
  { db, portal }: Pick<ReceiptDeps, 'db' | 'portal'>,
  credential: PortalCredential,
  target: ReceiptsTarget,
  documents: readonly PortalDocument[],
  {
    signal,
    onProgress,
  }: {
    signal?: AbortSignal;
    /** After each payment document downloaded: how many of them are stored. */
    onProgress?: (done: number, total: number) => Promise<void>;
  } = {},
): Promise<{ payments: number; created: number }> {
  const { rows: known } = await db.query<{ key: string }>(
    `SELECT DISTINCT cfdi_series || '-' || cfdi_folio AS key FROM payment_history
     WHERE rpu_id = $1 AND cfdi_folio IS NOT NULL`,
    [target.rpuId],
  );
  const stored = new Set(known.map((row) => row.key));
  let created = 0;
  const listed = documents.filter((document) => document.type === 'payment');
  let done = listed.filter((document) => stored.has(`${document.series}-${document.folio}`)).length;
  for (const document of listed) {
    if (stored.has(`${document.series}-${document.folio}`)) continue;
    signal?.throwIfAborted();
    const xml = await portal.downloadDocument(credential, target.serviceNumber, document.id, 'xml');
    const payment = readDocumentOf(xml, target.serviceNumber);
    if (payment.kind !== 'payment') continue;
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
    created += rows.filter((row) => row.inserted).length;
    done += 1;
    await onProgress?.(done, listed.length);
  }
  const { rows: total } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM payment_history WHERE rpu_id = $1',
    [target.rpuId],
  );
  return { payments: total[0]?.n ?? 0, created };
}

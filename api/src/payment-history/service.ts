import type { Readable } from 'node:stream';
import { type Page, type PageQuery, type Payment, paymentCsvHeaders } from '@luz/shared/contract';
import { Conditions } from '../db/conditions';
import type { Queryable } from '../db/database';
import { csvDate, csvLine, csvStream } from '../http/csv';
import { notFound } from '../http/errors';
import { selectPage } from '../http/pagination';
import { syncMessages } from '../sync/messages';

type PaymentRow = {
  id: string;
  rpu_id: string;
  paid_on: string;
  amount: string;
  channel: string;
  reference: string;
  payment_form: string | null;
  cfdi_uuid: string | null;
  cfdi_series: string | null;
  cfdi_folio: string | null;
  created_at: Date;
};

const paymentColumns = /* sql */ `
  p.id, p.rpu_id, p.paid_on::text AS paid_on, p.amount::text AS amount, p.channel, p.reference, p.created_at,
  p.payment_form, p.cfdi_uuid, p.cfdi_series, p.cfdi_folio`;

/** Newest payment first; the reference breaks ties of one day. */
const paymentOrder = 'p.paid_on DESC, p.reference, p.id';

export const toPayment = (row: PaymentRow): Payment => ({
  payment_id: row.id,
  rpu_id: row.rpu_id,
  paid_on: row.paid_on,
  amount: row.amount,
  channel: row.channel,
  reference: row.reference,
  payment_form: row.payment_form,
  cfdi_uuid: row.cfdi_uuid,
  cfdi_series: row.cfdi_series,
  cfdi_folio: row.cfdi_folio,
  created_at: row.created_at.toISOString(),
});

/** The user's service point (not deleted); 404 otherwise, also when it is another user's. */
export async function ownRpu(
  db: Queryable,
  userId: string,
  rpuId: string,
): Promise<{ id: string; serviceNumber: string; alias: string }> {
  const { rows } = await db.query<{ id: string; service_number: string; alias: string }>(
    'SELECT id, service_number, alias FROM rpus WHERE id = $1 AND user_id = $2 AND NOT deleted',
    [rpuId, userId],
  );
  const row = rows[0];
  if (!row) throw notFound(syncMessages.rpuNotFound);
  return { id: row.id, serviceNumber: row.service_number, alias: row.alias };
}

/** GET /payment-history/rpu/{rpu_id}: one page of a service point's payments. */
export async function listPayments(
  db: Queryable,
  userId: string,
  rpuId: string,
  page: PageQuery,
): Promise<Page<Payment>> {
  await ownRpu(db, userId, rpuId);
  const where = new Conditions();
  where.add((p) => `p.rpu_id = ${p}`, rpuId);
  return selectPage<PaymentRow, Payment>(
    db,
    { columns: paymentColumns, from: 'payment_history p', where, orderBy: paymentOrder },
    page,
    toPayment,
  );
}

/**
 * POST /payment-history/delete/bulk: every id must be a payment of the user's service points;
 * otherwise 404 and nothing is deleted (a request cannot learn about another user's payments).
 */
export async function deletePayments(
  db: Queryable,
  userId: string,
  paymentIds: readonly string[],
): Promise<number> {
  const ids = [...new Set(paymentIds)];
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM payment_history p JOIN rpus r ON r.id = p.rpu_id
     WHERE p.id = ANY($1::uuid[]) AND p.user_id = $2 AND NOT r.deleted`,
    [ids, userId],
  );
  if ((rows[0]?.count ?? 0) !== ids.length) throw notFound(syncMessages.paymentNotFound);
  const { rowCount } = await db.query(
    'DELETE FROM payment_history WHERE id = ANY($1::uuid[]) AND user_id = $2',
    [ids, userId],
  );
  return rowCount;
}

/**
 * POST /payment-history/csv: a service point's payments (or the selected ones) as CSV: UTF-8
 * with BOM, Spanish headers, dd/MM/yyyy dates, exact amounts, CRLF line ends.
 */
export async function paymentsCsv(
  db: Queryable,
  userId: string,
  rpuId: string,
  paymentIds?: readonly string[],
): Promise<{ stream: Readable; fileName: string }> {
  const rpu = await ownRpu(db, userId, rpuId);
  const { rows } = await db.query<PaymentRow>(
    `SELECT ${paymentColumns} FROM payment_history p
     WHERE p.rpu_id = $1 AND ($2::uuid[] IS NULL OR p.id = ANY($2::uuid[]))
     ORDER BY ${paymentOrder}`,
    [rpu.id, paymentIds ? [...paymentIds] : null],
  );
  const header = [
    paymentCsvHeaders.serviceNumber,
    paymentCsvHeaders.alias,
    paymentCsvHeaders.paidOn,
    paymentCsvHeaders.amount,
    paymentCsvHeaders.channel,
    paymentCsvHeaders.reference,
    paymentCsvHeaders.cfdiSeries,
    paymentCsvHeaders.cfdiFolio,
    paymentCsvHeaders.cfdiUuid,
  ];
  const lines = rows.map((row) =>
    csvLine([
      rpu.serviceNumber,
      rpu.alias,
      csvDate(row.paid_on),
      row.amount,
      row.channel,
      row.reference,
      row.cfdi_series,
      row.cfdi_folio,
      row.cfdi_uuid,
    ]),
  );
  return { stream: csvStream(header, lines), fileName: `historial-de-pagos-${rpu.serviceNumber}.csv` };
}

import type { CfeInvoice } from '../cfdi/read-cfdi';
import type { Database } from '../db/database';
import type { DocumentStorage } from '../storage/document-storage';
import type { ReceiptsTarget } from './receipts';

const monthOfDate = (date: string | null) => date?.slice(0, 7) ?? null;

/**
 * The period of a receipt, created or refreshed, identified by the CFDI's UUID and its series and
 * folio, one per billing month: a re-issued receipt (higher folio) takes over its month's period
 * and the superseded receipt's documents are dropped. A created period is recorded for the
 * webhooks, and for the owner's e-mail when it is newer than every period the service point had
 * before this run (so not on its first sync), in the same transaction: a repeated step can
 * neither lose nor repeat the notice.
 */
export async function upsertPeriod(
  db: Database,
  storage: DocumentStorage,
  target: ReceiptsTarget,
  invoice: CfeInvoice,
  latestBefore: string | null,
): Promise<{ id: string; inserted: boolean }> {
  const initialDate = invoice.initialDate ?? invoice.finalDate ?? invoice.issuedAt.slice(0, 10);
  const finalDate = invoice.finalDate ?? invoice.issuedAt.slice(0, 10);
  const billingMonth = invoice.billingMonth ?? monthOfDate(invoice.issuedAt) ?? monthOfDate(finalDate);
  const superseded: string[] = [];
  const period = await db.transaction(async (tx) => {
    const { rows: existing } = await tx.query<{
      id: string;
      cfdi_uuid: string | null;
      cfdi_folio: string | null;
    }>(
      `SELECT id, cfdi_uuid, cfdi_folio FROM periods
       WHERE rpu_id = $1 AND (cfdi_uuid = $2 OR (cfdi_series = $3 AND cfdi_folio = $4) OR billing_month = $5)
       ORDER BY (cfdi_uuid = $2) DESC NULLS LAST FOR UPDATE`,
      [target.rpuId, invoice.uuid, invoice.series, invoice.folio, billingMonth],
    );
    const same = existing.find((row) => row.cfdi_uuid === invoice.uuid);
    const month = existing.find((row) => row !== same);
    // The month already has a later receipt than this one: this one is superseded, keep that.
    if (!same && month?.cfdi_folio && month.cfdi_folio > invoice.folio)
      return { id: month.id, inserted: false };
    const values = [
      target.userId,
      target.rpuId,
      target.credentialId,
      initialDate,
      finalDate,
      invoice.total,
      invoice.kwh ?? '0',
      invoice.tariff ?? '',
      invoice.uuid,
      billingMonth,
      invoice.series,
      invoice.folio,
      invoice.totalToPay,
      invoice.subtotal,
      invoice.vatRate,
      invoice.vat,
      invoice.lightingDuty,
      invoice.previousDebt,
      invoice.rounding,
      invoice.dueDate,
      invoice.kwhBase,
      invoice.kwhIntermediate,
      invoice.kwhPeak,
      invoice.demandKw,
      invoice.powerFactor,
      invoice.holder.name,
      invoice.holder.address,
    ];
    const columns = `initial_date = $4, final_date = $5, amount = $6::numeric, consumption_kwh = $7::numeric,
      tariff = $8, cfdi_uuid = $9, billing_month = $10, cfdi_series = $11, cfdi_folio = $12,
      total_to_pay = $13::numeric, subtotal = $14::numeric, vat_rate = $15::numeric, vat_amount = $16::numeric,
      lighting_duty = $17::numeric, previous_debt = $18::numeric, rounding = $19::numeric, due_date = $20::date,
      kwh_base = $21::numeric, kwh_intermediate = $22::numeric, kwh_peak = $23::numeric, demand_kw = $24::numeric,
      power_factor = $25::numeric, holder_name = $26, address = $27,
      credential_id = coalesce($3, credential_id)`;
    const current = same ?? month;
    if (current) {
      if (current.cfdi_uuid && current.cfdi_uuid !== invoice.uuid) {
        // A re-issue replaces the month's receipt: its documents go with it.
        const { rows } = await tx.query<{ storage_key: string }>(
          `DELETE FROM documents WHERE period_id = $1 AND role = 'receipt' RETURNING storage_key`,
          [current.id],
        );
        superseded.push(...rows.map((row) => row.storage_key));
      }
      await tx.query(`UPDATE periods SET ${columns} WHERE id = $28 AND user_id = $1 AND rpu_id = $2`, [
        ...values,
        current.id,
      ]);
      return { id: current.id, inserted: false };
    }
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO periods (user_id, rpu_id, credential_id, initial_date, final_date, amount, consumption_kwh, tariff,
         cfdi_uuid, billing_month, cfdi_series, cfdi_folio, total_to_pay, subtotal, vat_rate, vat_amount, lighting_duty,
         previous_debt, rounding, due_date, kwh_base, kwh_intermediate, kwh_peak, demand_kw, power_factor, holder_name, address)
       VALUES ($1, $2, $3, $4, $5, $6::numeric, $7::numeric, $8, $9, $10, $11, $12, $13::numeric, $14::numeric,
         $15::numeric, $16::numeric, $17::numeric, $18::numeric, $19::numeric, $20::date, $21::numeric, $22::numeric,
         $23::numeric, $24::numeric, $25::numeric, $26, $27)
       RETURNING id`,
      values,
    );
    const id = (rows[0] as { id: string }).id;
    await tx.query(
      `INSERT INTO receipt_notifications (period_id, user_id, rpu_id, task_association_id, email)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (period_id) DO NOTHING`,
      [
        id,
        target.userId,
        target.rpuId,
        target.taskAssociationId,
        latestBefore !== null && finalDate > latestBefore,
      ],
    );
    return { id, inserted: true };
  });
  // The rows are gone (committed); the files of the superseded receipt follow.
  for (const key of superseded) await storage.delete(key).catch(() => undefined);
  return period;
}

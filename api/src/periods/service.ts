import { setImmediate } from 'node:timers/promises';
import type {
  DocumentKind,
  Page,
  PageQuery,
  Period,
  PeriodsFilters,
  PeriodsSelection,
  PeriodsSeriesPoint,
} from '@luz/shared/contract';
import { MAX_SERIES_MONTHS } from '@luz/shared/contract';
import { Conditions } from '../db/conditions';
import type { Queryable } from '../db/database';
import type { ListCounts } from '../http/list-counts';
import { selectPage } from '../http/pagination';

/**
 * A WHERE clause over `periods p JOIN rpus r` for one user, and its parameters. Every query of
 * this module starts here, so no path can forget the owner. Periods of deleted service points
 * are hidden with them.
 */
export type PeriodsWhere = { sql: string; values: unknown[] };

export function periodsWhere(userId: string, selection: PeriodsSelection): PeriodsWhere {
  const values: unknown[] = [userId];
  const conditions = ['p.user_id = $1', 'NOT r.deleted'];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(condition(`$${values.length}`));
  };
  if (selection.period_ids) add((p) => `p.id = ANY(${p}::uuid[])`, selection.period_ids);
  if (selection.credential_id) add((p) => `p.credential_id = ${p}`, selection.credential_id);
  if (selection.rpu_id) add((p) => `p.rpu_id = ${p}`, selection.rpu_id);
  if (selection.initial_date) add((p) => `p.final_date >= ${p}::date`, selection.initial_date);
  if (selection.final_date) add((p) => `p.final_date <= ${p}::date`, selection.final_date);
  if (selection.task_association_id)
    add(
      (p) =>
        `EXISTS (SELECT 1 FROM task_association_periods tap WHERE tap.period_id = p.id AND tap.task_association_id = ${p}::uuid)`,
      selection.task_association_id,
    );
  return { sql: conditions.join(' AND '), values };
}

type PeriodRow = {
  id: string;
  rpu_id: string;
  credential_id: string | null;
  service_number: string;
  alias: string;
  initial_date: string;
  final_date: string;
  amount: string;
  consumption_kwh: string;
  tariff: string;
  cfdi_uuid: string | null;
  cfdi_series: string | null;
  cfdi_folio: string | null;
  billing_month: string | null;
  due_date: string | null;
  total_to_pay: string | null;
  subtotal: string | null;
  vat_rate: string | null;
  vat_amount: string | null;
  lighting_duty: string | null;
  previous_debt: string | null;
  rounding: string | null;
  kwh_base: string | null;
  kwh_intermediate: string | null;
  kwh_peak: string | null;
  demand_kw: string | null;
  power_factor: string | null;
  holder_name: string | null;
  companions: { series: string; folio: string; file_name: string }[];
  pdf_file_name: string | null;
  xml_file_name: string | null;
  created_at: Date;
};

// Dates and numerics leave PostgreSQL as text: no time zone shift, no float.
const periodColumns = /* sql */ `
  p.id, p.rpu_id, p.credential_id, r.service_number, r.alias,
  p.initial_date::text AS initial_date, p.final_date::text AS final_date,
  p.amount::text AS amount, p.consumption_kwh::text AS consumption_kwh, p.tariff, p.cfdi_uuid, p.created_at,
  p.cfdi_series, p.cfdi_folio, p.billing_month, p.due_date::text AS due_date, p.total_to_pay::text AS total_to_pay,
  p.subtotal::text AS subtotal, p.vat_rate::text AS vat_rate, p.vat_amount::text AS vat_amount,
  p.lighting_duty::text AS lighting_duty, p.previous_debt::text AS previous_debt, p.rounding::text AS rounding,
  trim_scale(p.kwh_base)::text AS kwh_base, trim_scale(p.kwh_intermediate)::text AS kwh_intermediate,
  trim_scale(p.kwh_peak)::text AS kwh_peak, trim_scale(p.demand_kw)::text AS demand_kw,
  trim_scale(p.power_factor)::text AS power_factor, p.holder_name,
  coalesce((SELECT json_agg(json_build_object('series', c.cfdi_series, 'folio', c.cfdi_folio, 'file_name', c.file_name)
                            ORDER BY c.cfdi_folio)
            FROM documents c WHERE c.period_id = p.id AND c.role <> 'receipt' AND c.user_id = p.user_id), '[]') AS companions,
  pdf.file_name AS pdf_file_name, xml.file_name AS xml_file_name`;

const periodSources = /* sql */ `
  periods p
  JOIN rpus r ON r.id = p.rpu_id
  LEFT JOIN documents pdf ON pdf.period_id = p.id AND pdf.kind = 'pdf' AND pdf.role = 'receipt' AND pdf.user_id = p.user_id
  LEFT JOIN documents xml ON xml.period_id = p.id AND xml.kind = 'xml' AND xml.role = 'receipt' AND xml.user_id = p.user_id`;

/**
 * Newest first; the service number and id make the order total, so pages never overlap. The
 * period's own copy of the number (migration 100) lets one index give the whole order.
 */
const periodOrder = 'p.final_date DESC, p.service_number, p.id';

function toPeriod(row: PeriodRow): Period {
  return {
    period_id: row.id,
    rpu_id: row.rpu_id,
    credential_id: row.credential_id,
    service_number: row.service_number,
    alias: row.alias,
    initial_date: row.initial_date,
    final_date: row.final_date,
    amount: row.amount,
    consumption_kwh: row.consumption_kwh,
    tariff: row.tariff,
    cfdi_uuid: row.cfdi_uuid,
    cfdi_series: row.cfdi_series,
    cfdi_folio: row.cfdi_folio,
    billing_month: row.billing_month,
    due_date: row.due_date,
    total_to_pay: row.total_to_pay,
    subtotal: row.subtotal,
    vat_rate: row.vat_rate,
    vat_amount: row.vat_amount,
    lighting_duty: row.lighting_duty,
    previous_debt: row.previous_debt,
    rounding: row.rounding,
    kwh_base: row.kwh_base,
    kwh_intermediate: row.kwh_intermediate,
    kwh_peak: row.kwh_peak,
    demand_kw: row.demand_kw,
    power_factor: row.power_factor,
    holder_name: row.holder_name,
    companions: row.companions,
    has_pdf: row.pdf_file_name !== null,
    has_xml: row.xml_file_name !== null,
    pdf_file_name: row.pdf_file_name,
    xml_file_name: row.xml_file_name,
    created_at: row.created_at.toISOString(),
  };
}

export async function listPeriods(
  db: Queryable,
  userId: string,
  filters: PeriodsFilters,
  page: PageQuery,
  counts?: ListCounts,
): Promise<Page<Period>> {
  const { sql, values } = periodsWhere(userId, filters);
  const where = new Conditions(values);
  where.addRaw(sql);
  const keptScope = periodsScope(userId, filters);
  return selectPage(
    db,
    {
      columns: periodColumns,
      from: periodSources,
      countFrom: 'periods p JOIN rpus r ON r.id = p.rpu_id',
      where,
      orderBy: periodOrder,
      id: 'p.id',
    },
    page,
    toPeriod,
    counts && keptScope ? { counts, scope: keptScope } : undefined,
  );
}

/**
 * Whose kept counts and answers a list of periods may use (ListCounts): none for a task's
 * periods, read and counted every time since their links (task_association_periods) announce nothing.
 */
export function periodsScope(userId: string, filters: PeriodsFilters): string | null {
  return filters.task_association_id ? null : userId;
}

/** How many rows an export reads per query: big enough to be fast, small enough to stay flat. */
export const EXPORT_BATCH_SIZE = 500;

/**
 * Every period of a selection, in the list's order, read in batches by keyset (no OFFSET, no
 * transaction held open: PGlite has one connection and a long download must not block it).
 */
export async function* selectedPeriods(
  db: Queryable,
  userId: string,
  selection: PeriodsSelection,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<Period> {
  const where = periodsWhere(userId, selection);
  let after: PeriodRow | null = null;
  for (;;) {
    const values = [...where.values];
    let keyset = '';
    if (after) {
      values.push(after.final_date, after.service_number, after.id);
      const [d, s, i] = [values.length - 2, values.length - 1, values.length];
      // The order mixes directions (date descending, then ascending), so the row comparison is spelled out.
      keyset = `AND (p.final_date < $${d}::date OR (p.final_date = $${d}::date AND (p.service_number, p.id) > ($${s}, $${i}::uuid)))`;
    }
    values.push(batchSize);
    const { rows }: { rows: PeriodRow[] } = await db.query<PeriodRow>(
      `SELECT ${periodColumns} FROM ${periodSources} WHERE ${where.sql} ${keyset}
       ORDER BY ${periodOrder} LIMIT $${values.length}`,
      values,
    );
    for (const row of rows) yield toPeriod(row);
    if (rows.length < batchSize) return;
    after = rows.at(-1) ?? null;
  }
}

/** One stored document of a selection, with what names it inside a ZIP. */
export type SelectedDocument = {
  kind: DocumentKind;
  storageKey: string;
  sizeBytes: number;
  createdAt: Date;
  rpuId: string;
  serviceNumber: string;
  alias: string;
  initialDate: string;
  finalDate: string;
  /** A complementary invoice's series and folio; null for the receipt's own PDF and XML. */
  companion: string | null;
};

/** A document as the query packs it: kind, key, size, created (ms), dates, companion or null. */
type PackedDocument = [DocumentKind, string, number, number, string, string, string | null];

type ServicePointDocumentsRow = {
  rpu_id: string;
  service_number: string;
  alias: string;
  documents: PackedDocument[];
};

/** The receipt's own documents sort first (''), then each complementary invoice by series and folio. */
const companionKey = /* sql */ `(CASE WHEN d.role = 'receipt' THEN '' ELSE d.cfdi_series || '-' || d.cfdi_folio END)`;

/**
 * Service points whose documents one metadata query reads. On PGlite every query holds the one
 * connection and, running in this process, the event loop: 44,000 documents in one query kept
 * every other request waiting ~0.3 s (0.6–1 s on a loaded machine), while 50 service points
 * (~2,000 documents) take a few milliseconds, and other requests are served between them.
 */
export const DOCUMENT_QUERY_SERVICE_POINTS = 50;

/**
 * The stored documents of a selection (all kinds, or one), grouped by service point and in date
 * order. Each service point comes as one row holding its documents as a JSON array (PGlite
 * decodes a thousand rows and parses JSON natively instead of decoding 44,000 rows of ten
 * fields), read a few service points per query after one query for which service points have
 * documents. Each query's documents come as one batch, for the caller to pack before the next is
 * read: the ZIP's metadata only, never the whole selection as one list; the files are read as the
 * archive is written.
 */
export async function* selectedDocuments(
  db: Queryable,
  userId: string,
  selection: PeriodsSelection,
  kind: DocumentKind | null,
  servicePointsPerQuery = DOCUMENT_QUERY_SERVICE_POINTS,
): AsyncGenerator<SelectedDocument[]> {
  const where = periodsWhere(userId, selection);
  const values = [...where.values];
  let kindCondition = '';
  if (kind) {
    values.push(kind);
    kindCondition = `AND d.kind = $${values.length}`;
  }
  const selected = /* sql */ `FROM periods p
     JOIN rpus r ON r.id = p.rpu_id
     JOIN documents d ON d.period_id = p.id AND d.user_id = p.user_id
     WHERE ${where.sql} ${kindCondition}`;
  const { rows: servicePoints } = await db.query<{ id: string }>(
    `SELECT s.id FROM rpus s WHERE s.id IN (SELECT p.rpu_id ${selected}) ORDER BY s.service_number, s.id`,
    values,
  );
  for (let first = 0; first < servicePoints.length; first += servicePointsPerQuery) {
    const ids = servicePoints
      .slice(first, first + servicePointsPerQuery)
      .map((servicePoint) => servicePoint.id);
    const { rows } = await db.query<ServicePointDocumentsRow>(
      `SELECT r.id AS rpu_id, r.service_number, r.alias,
              json_agg(json_build_array(d.kind, d.storage_key, d.size_bytes,
                                        floor(extract(epoch FROM d.created_at) * 1000),
                                        p.initial_date, p.final_date, nullif(${companionKey}, ''))
                       ORDER BY p.initial_date, p.final_date, ${companionKey}, d.kind) AS documents
       ${selected} AND p.rpu_id = ANY($${values.length + 1}::uuid[]) AND d.rpu_id = ANY($${values.length + 1}::uuid[])
       GROUP BY r.id
       ORDER BY r.service_number, r.id`,
      // d.rpu_id repeats p.rpu_id so that the documents' index on the service point serves the query.
      [...values, ids],
    );
    const documents: SelectedDocument[] = [];
    for (const row of rows) {
      for (const [
        kind,
        storageKey,
        sizeBytes,
        createdMs,
        initialDate,
        finalDate,
        companion,
      ] of row.documents) {
        documents.push({
          kind,
          storageKey,
          sizeBytes,
          createdAt: new Date(createdMs),
          rpuId: row.rpu_id,
          serviceNumber: row.service_number,
          alias: row.alias,
          initialDate,
          finalDate,
          companion,
        });
      }
    }
    yield documents;
    // PGlite answers through promises alone, never a macrotask: without this turn of the event
    // loop, the queries would run back to back and other requests would still wait for them all.
    await setImmediate();
  }
}

/**
 * Sums of the selection per calendar month of the final date, oldest first, for the chart: the
 * latest MAX_SERIES_MONTHS months that have periods.
 */
export async function periodsSeries(
  db: Queryable,
  userId: string,
  filters: PeriodsFilters,
): Promise<PeriodsSeriesPoint[]> {
  const where = periodsWhere(userId, filters);
  // A period longer than 45 days is bimonthly (residential tariffs); the others monthly.
  const { rows } = await db.query<PeriodsSeriesPoint>(
    `SELECT to_char(p.final_date, 'YYYY-MM') AS month, sum(p.amount)::text AS amount,
            sum(p.consumption_kwh)::text AS consumption_kwh, count(*)::int AS periods,
            coalesce(sum(p.amount) FILTER (WHERE p.final_date - p.initial_date <= 45), 0)::numeric(14, 2)::text AS monthly_amount,
            coalesce(sum(p.amount) FILTER (WHERE p.final_date - p.initial_date > 45), 0)::numeric(14, 2)::text AS bimonthly_amount
     FROM periods p JOIN rpus r ON r.id = p.rpu_id
     WHERE ${where.sql}
     GROUP BY 1 ORDER BY 1 DESC LIMIT $${where.values.length + 1}`,
    [...where.values, MAX_SERIES_MONTHS],
  );
  return rows.reverse();
}

/**
 * Deletes the caller's periods among `periodIds` (their documents and task links go with them by
 * cascade) and answers how many went and the storage keys of their documents, which the caller
 * removes from storage once this has committed. Other users' ids are ignored.
 */
export async function deletePeriods(
  db: Queryable,
  userId: string,
  periodIds: string[],
): Promise<{ affected: number; storageKeys: string[] }> {
  // One statement: the SELECT sees the documents as they were before the cascade removed them.
  const { rows } = await db.query<{ affected: number; storage_keys: string[] }>(
    `WITH gone AS (
       DELETE FROM periods WHERE user_id = $1 AND id = ANY($2::uuid[]) RETURNING id
     )
     SELECT (SELECT count(*)::int FROM gone) AS affected,
            coalesce((SELECT array_agg(d.storage_key) FROM documents d
                      WHERE d.user_id = $1 AND d.period_id IN (SELECT id FROM gone)), '{}') AS storage_keys`,
    [userId, periodIds],
  );
  return { affected: rows[0]?.affected ?? 0, storageKeys: rows[0]?.storage_keys ?? [] };
}

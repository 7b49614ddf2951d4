import { z } from 'zod';
import { dateOrder, dateOrderIssue, zId, zIsoDate, zMoney, zPageQuery, zQueryBoolean } from './common';
import { zDownloadType } from './enums';
import { lazySchema } from './zod-in-browser';

/** Energy travels like money: a decimal string, never a float. */
export const zKwh = lazySchema(() => z.string().regex(/^-?\d+(\.\d{1,2})?$/));

/** The kinds of document a period may have stored: the receipt (PDF) and the CFDI (XML). */
export const documentKinds = ['pdf', 'xml'] as const;
export const zDocumentKind = lazySchema(() => z.enum(documentKinds));
export type DocumentKind = z.infer<typeof zDocumentKind>;

/**
 * One billing period of a service point as its owner sees it (spec §3), with the service point
 * that names it and the documents stored for it. `pdf_file_name`/`xml_file_name` are what
 * GET /media/get-file takes; null when that document is not stored.
 */
export const zPeriod = lazySchema(() =>
  z.object({
    period_id: zId,
    rpu_id: zId,
    credential_id: zId.nullable(),
    service_number: z.string(),
    alias: z.string(),
    initial_date: zIsoDate,
    final_date: zIsoDate,
    /** Fiscal total of the receipt's CFDI, with cents. */
    amount: zMoney,
    consumption_kwh: zKwh,
    tariff: z.string(),
    cfdi_uuid: z.string().nullable(),
    /** The receipt's series and folio, and the month CFE's grid lists it under (yyyy-MM). */
    cfdi_series: z.string().nullable(),
    cfdi_folio: z.string().nullable(),
    billing_month: z.string().nullable(),
    due_date: zIsoDate.nullable(),
    /** CFE's whole-peso total to pay (earlier debt and rounding included). */
    total_to_pay: zMoney.nullable(),
    subtotal: zMoney.nullable(),
    /** "0.1600" or "0.0800" (northern border). */
    vat_rate: z.string().nullable(),
    vat_amount: zMoney.nullable(),
    lighting_duty: zMoney.nullable(),
    previous_debt: zMoney.nullable(),
    rounding: zMoney.nullable(),
    kwh_base: zKwh.nullable(),
    kwh_intermediate: zKwh.nullable(),
    kwh_peak: zKwh.nullable(),
    demand_kw: zKwh.nullable(),
    power_factor: zKwh.nullable(),
    holder_name: z.string().nullable(),
    /** Complementary invoices of the period (XML), for GET /media/get-file. */
    companions: z.array(z.object({ series: z.string(), folio: z.string(), file_name: z.string() })),
    has_pdf: z.boolean(),
    has_xml: z.boolean(),
    pdf_file_name: z.string().nullable(),
    xml_file_name: z.string().nullable(),
    created_at: z.string(),
  }),
);
export type Period = z.infer<typeof zPeriod>;

/**
 * The filters of spec §7 (GET /periods/all). The dates bound the period's final date (the day
 * its receipt closes), so that consecutive ranges split the periods without counting one twice.
 * `task_association_id` keeps the periods one service point of a task found (the downloads
 * screen exports them with it).
 */
export const zPeriodsFilters = lazySchema(() =>
  z.object({
    credential_id: zId.optional(),
    rpu_id: zId.optional(),
    initial_date: zIsoDate.optional(),
    final_date: zIsoDate.optional(),
    task_association_id: zId.optional(),
  }),
);
export type PeriodsFilters = z.infer<typeof zPeriodsFilters>;

/** GET /periods/all: the filters and the page. */
export const zPeriodsQuery = lazySchema(() =>
  zPeriodsFilters.extend(zPageQuery.shape).refine(dateOrder, dateOrderIssue),
);
export type PeriodsQuery = z.input<typeof zPeriodsQuery>;

/** GET /tasks/periods/{task_association_id}: the periods one service point of a task found. */
export const zTaskAssociationPeriodsParams = lazySchema(() => z.object({ task_association_id: zId }));

/** GET /periods/series: the filters alone. */
export const zPeriodsSeriesQuery = lazySchema(() => zPeriodsFilters.refine(dateOrder, dateOrderIssue));
export type PeriodsSeriesQuery = z.input<typeof zPeriodsSeriesQuery>;

/** Most periods one request may name (selection of a bulk action). */
export const MAX_PERIOD_IDS = 10_000;

export const zPeriodIds = lazySchema(() => z.object({ period_ids: z.array(zId).min(1).max(MAX_PERIOD_IDS) }));
export type PeriodIds = z.infer<typeof zPeriodIds>;

/**
 * What an export takes: the selected periods (`period_ids`), or, without them, every period
 * that matches the filters.
 */
export const zPeriodsSelection = lazySchema(() =>
  zPeriodsFilters.extend({
    period_ids: z.array(zId).min(1).max(MAX_PERIOD_IDS).optional(),
  }),
);
export type PeriodsSelection = z.infer<typeof zPeriodsSelection>;

export const zPeriodsCsvRequest = lazySchema(() => zPeriodsSelection.refine(dateOrder, dateOrderIssue));
export type PeriodsCsvRequest = z.input<typeof zPeriodsCsvRequest>;

/** POST /periods/zip: the selection and the download type of spec §4 (all -1, PDF 0, XML 1). */
export const zPeriodsZipRequest = lazySchema(() =>
  zPeriodsSelection.extend({ download_type: zDownloadType.default(-1) }).refine(dateOrder, dateOrderIssue),
);
export type PeriodsZipRequest = z.input<typeof zPeriodsZipRequest>;

/**
 * One point of the chart of the filtered periods: the periods whose final date falls in one
 * calendar month, summed. For one service point that is one period per point.
 */
export const zPeriodsSeriesPoint = lazySchema(() =>
  z.object({
    /** yyyy-MM of the final dates. */
    month: z.string().regex(/^\d{4}-\d{2}$/),
    amount: zMoney,
    consumption_kwh: zKwh,
    periods: z.number().int(),
    /**
     * The amount split by billing cadence: periods of about a month (business tariffs) and of about
     * two months (residential), so that a chart compares like with like.
     */
    monthly_amount: zMoney,
    bimonthly_amount: zMoney,
  }),
);
export type PeriodsSeriesPoint = z.infer<typeof zPeriodsSeriesPoint>;

/** Months a chart covers at most (the latest ones). */
export const MAX_SERIES_MONTHS = 120;

export const zPeriodsSeries = lazySchema(() => z.object({ points: z.array(zPeriodsSeriesPoint) }));
export type PeriodsSeries = z.infer<typeof zPeriodsSeries>;

/** GET /media/get-file. The name is looked up among the caller's documents, never used as a path. */
export const zMediaFileQuery = lazySchema(() =>
  z.object({
    file_name: z.string().min(1).max(1024),
    /** true: `attachment` (save); otherwise `inline` (the browser shows a PDF). */
    download: zQueryBoolean.optional(),
  }),
);
export type MediaFileQuery = z.input<typeof zMediaFileQuery>;

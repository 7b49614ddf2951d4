import { z } from 'zod';
import { zId, zIsoDate, zMoney, zQueryBoolean } from './common';
import { zRpuStatus } from './enums';
import { rpuCsvHeaders, rpuFieldProblems, rpuImportProblems } from './text/rpu-rules';
import { lazySchema } from './zod-in-browser';

// ---------------------------------------------------------------------------------------------
// Service numbers

/** CFE service numbers are 12 digits (ARCHITECTURE §1). */
export const SERVICE_NUMBER_LENGTH = 12;

/** Spaces are stripped on input (spec §3): "1234 5678 9012" is "123456789012". */
export const normalizeServiceNumber = (value: string) => value.replace(/\s+/g, '');

export type ServiceNumberProblem = 'missing' | 'digits' | 'length';

/** What is wrong with a service number as typed (before normalising), or null. */
export function serviceNumberProblem(value: string): ServiceNumberProblem | null {
  const digits = normalizeServiceNumber(value);
  if (digits === '') return 'missing';
  if (!/^\d+$/.test(digits)) return 'digits';
  if (digits.length !== SERVICE_NUMBER_LENGTH) return 'length';
  return null;
}

const serviceNumberMessages: Record<ServiceNumberProblem, string> = {
  missing: rpuImportProblems.serviceNumberMissing,
  digits: rpuImportProblems.serviceNumberDigits,
  length: rpuImportProblems.serviceNumberLength,
};

export const serviceNumberMessage = (problem: ServiceNumberProblem) => serviceNumberMessages[problem];

export const zServiceNumber = lazySchema(() =>
  z
    .string()
    .max(64)
    .meta({ examples: ['551234567897'] })
    .superRefine((value, context) => {
      const problem = serviceNumberProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: serviceNumberMessage(problem) });
    })
    .transform(normalizeServiceNumber),
);

// ---------------------------------------------------------------------------------------------
// Money typed by people

/**
 * A payment as people type it in a form or a spreadsheet ("1,234.50", "$ 980", "1234") to the
 * contract's decimal text ("1234.50"); null when it is not an amount, or a negative one (a
 * payment never is). Never goes through a float.
 */
export function parseMoneyText(text: string): string | null {
  const cleaned = text.replace(/[\s$]/g, '').replace(/mxn$/i, '');
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.replace(/,/g, '').split('.');
  const digits = whole.replace(/^0+(?=\d)/, '');
  return `${digits}.${fraction.padEnd(2, '0')}`;
}

/** The last payment of a receipt: money, never negative. */
const zPayment = lazySchema(() =>
  zMoney.refine((value) => !value.startsWith('-'), {
    message: rpuImportProblems.lastPaymentInvalid,
  }),
);

// ---------------------------------------------------------------------------------------------
// The holder's name as CFE has it

export const MAX_HOLDER_NAME_LENGTH = 120;

/**
 * The holder's name as CFE writes it on the receipt (its NOMBRE: upper case, single spaces), what
 * linking a service and the receipt consultation ask for. "Alimentos  y franq" → "ALIMENTOS Y FRANQ".
 */
export const normalizeHolderName = (value: string) =>
  value.trim().replace(/\s+/g, ' ').toLocaleUpperCase('es-MX');

export type HolderNameProblem = 'tooLong' | 'characters';

/** What is wrong with a holder name as typed, or null (blank is fine: the name is optional). */
export function holderNameProblem(value: string): HolderNameProblem | null {
  const name = normalizeHolderName(value);
  if (name.length > MAX_HOLDER_NAME_LENGTH) return 'tooLong';
  if (/\p{Cc}/u.test(name)) return 'characters';
  return null;
}

export const holderNameMessage = (problem: HolderNameProblem) =>
  problem === 'tooLong'
    ? rpuImportProblems.holderNameTooLong(MAX_HOLDER_NAME_LENGTH)
    : rpuImportProblems.holderNameCharacters;

/** An optional holder name: normalised, and null when blank. */
export const zHolderName = lazySchema(() =>
  z
    .string()
    .superRefine((value, context) => {
      const problem = holderNameProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: holderNameMessage(problem) });
    })
    .transform((value) => normalizeHolderName(value) || null),
);

// ---------------------------------------------------------------------------------------------
// The total to pay CFE asks for to link a service

/**
 * CFE's "TOTAL A PAGAR (SIN DECIMALES)" of the last receipt: whole pesos. On the wire it keeps the
 * money shape of `last_payment` ("1234" or "1234.00"); cents other than zero are refused, because
 * CFE compares whole pesos and a rounded amount may not be the one it has.
 */
export const zTotalToPay = lazySchema(() =>
  z
    .string()
    .transform((value) => value.replace(/[\s$,]/g, ''))
    .superRefine((value, context) => {
      if (!/^\d{1,12}(\.0{1,2})?$/.test(value))
        context.addIssue({ code: 'custom', message: rpuFieldProblems.totalToPayInvalid });
    })
    .transform((value) => `${value.split('.')[0]?.replace(/^0+(?=\d)/, '')}.00`),
);

// ---------------------------------------------------------------------------------------------
// Why a service point needs a person

/**
 * What a failed service point needs (derived by the API from its status and message):
 * `needs_total` the total to pay of its last receipt to link it, `needs_holder_name` the holder's
 * name as on the receipt (CFE asks for it with the total), `wrong_password` the CFE
 * account's new password, `captcha` the account's CAPTCHA, `cannot_link` and `service_not_found`
 * a look at the number (CFE refuses it), `not_linked` a new sync (which links it), `failed` a
 * retry (CFE failed three times), `service_cap` the user's confirmation that the CFE account may
 * pass PORTAL_SERVICE_CAP, `service_limit` room in the CFE account (CFE refuses more services).
 */
export const rpuFailureReasons = [
  'needs_total',
  'needs_holder_name',
  'wrong_password',
  'captcha',
  'cannot_link',
  'service_not_found',
  'not_linked',
  'failed',
  'service_cap',
  'service_limit',
] as const;
export type RpuFailureReason = (typeof rpuFailureReasons)[number];

// ---------------------------------------------------------------------------------------------
// Service points on the wire

export const MAX_ALIAS_LENGTH = 120;

/** A service point as its owner sees it (spec §3). */
export const zRpu = lazySchema(() =>
  z.object({
    rpu_id: zId,
    service_number: z.string(),
    alias: z.string(),
    rpu_status: zRpuStatus,
    status_message: z.string().nullable(),
    with_autofetch: z.boolean(),
    send_email_notifications: z.boolean(),
    has_uns: z.boolean(),
    deleted: z.boolean(),
    duplicated: z.boolean(),
    credential_id: zId.nullable(),
    cfe_user: z.string().nullable(),
    tariff: z.string().nullable(),
    /** What the latest receipt (its CFDI) says: the holder as CFE has it, the address. */
    holder_name: z.string().nullable(),
    address: z.string().nullable(),
    /** Fiscal total (MXN, with cents) of the latest receipt, and the day its period closed. */
    last_amount: zMoney.nullable(),
    last_period_end: zIsoDate.nullable(),
    last_payment: zMoney.nullable(),
    /** Why it failed, when it did and a person can act (see `rpuFailureReasons`). */
    failure_reason: z.enum(rpuFailureReasons).nullable(),
    last_synced_at: z.string().nullable(),
    created_at: z.string(),
  }),
);
export type Rpu = z.infer<typeof zRpu>;

/** The superuser's view adds the owner (spec §7 GET /rpus/admin). */
export const zRpuAdmin = lazySchema(() =>
  zRpu.extend({ user_id: zId, user_email: z.string(), user_company_name: z.string() }),
);
export type RpuAdmin = z.infer<typeof zRpuAdmin>;

/** Light entry for pickers (GET /rpus/all). */
export const zRpuSummary = lazySchema(() =>
  zRpu.pick({
    rpu_id: true,
    service_number: true,
    alias: true,
    credential_id: true,
    rpu_status: true,
  }),
);
export type RpuSummary = z.infer<typeof zRpuSummary>;

export const zRpuCreate = lazySchema(() =>
  z.object({
    service_number: zServiceNumber,
    alias: z.string().trim().max(MAX_ALIAS_LENGTH).default(''),
    credential_id: zId.nullable().optional(),
    last_payment: zPayment.nullable().optional(),
    holder_name: zHolderName.nullable().optional(),
    with_autofetch: z.boolean().default(false),
    send_email_notifications: z.boolean().default(false),
  }),
);
export type RpuCreate = z.input<typeof zRpuCreate>;

/**
 * GET /rpus/ filters (spec §7) plus `cfe_user` (contains) and `with_credential`, behind the
 * `email` and `withCredential` filters of §2. `alias` is "contains", without regard to case or
 * accents; `service_number` is a prefix (spaces ignored).
 */
export const zRpusQuery = lazySchema(() =>
  z.object({
    credential_id: zId.optional(),
    alias: z.string().trim().max(MAX_ALIAS_LENGTH).optional(),
    service_number: z.string().trim().max(64).optional(),
    cfe_user: z.string().trim().max(120).optional(),
    with_credential: zQueryBoolean.optional(),
    rpu_status: z.coerce.number<number | string>().pipe(zRpuStatus).optional(),
    with_autofetch: zQueryBoolean.optional(),
    send_email_notifications: zQueryBoolean.optional(),
  }),
);
export type RpusQuery = z.input<typeof zRpusQuery>;
export type RpusFilters = z.output<typeof zRpusQuery>;

/** GET /rpus/admin filters: every user's service points, with the owner's and the flags (spec §2 /admin). */
export const zRpusAdminQuery = lazySchema(() =>
  zRpusQuery.extend({
    user_id: zId.optional(),
    email: z.string().trim().max(255).optional(),
    company_name: z.string().trim().max(255).optional(),
    deleted: zQueryBoolean.optional(),
    duplicated: zQueryBoolean.optional(),
    has_uns: zQueryBoolean.optional(),
  }),
);
export type RpusAdminQuery = z.input<typeof zRpusAdminQuery>;
export type RpusAdminFilters = z.output<typeof zRpusAdminQuery>;

// ---------------------------------------------------------------------------------------------
// Import (POST /rpus/bulk)

export const MAX_IMPORT_ROWS = 10_000;
/** Longest cell the API reads; the rules below say what a valid one is. */
export const MAX_IMPORT_CELL_LENGTH = 255;

/** One row of an import file (spec §3): the columns the user fills, as text. */
export const zRpuImportRow = lazySchema(() =>
  z.object({
    alias: z.string().max(MAX_IMPORT_CELL_LENGTH).default(''),
    cfe_user: z.string().max(MAX_IMPORT_CELL_LENGTH).default(''),
    service_number: z.string().max(MAX_IMPORT_CELL_LENGTH),
    last_payment: z.string().max(MAX_IMPORT_CELL_LENGTH).nullable().optional(),
    holder_name: z.string().max(MAX_IMPORT_CELL_LENGTH).nullable().optional(),
  }),
);
export type RpuImportRow = z.input<typeof zRpuImportRow>;

export const zRpuBulkCreate = lazySchema(() =>
  z.object({ rows: z.array(zRpuImportRow).min(1).max(MAX_IMPORT_ROWS) }),
);
export type RpuBulkCreate = z.input<typeof zRpuBulkCreate>;

/** The errors that drop a row (spec §3): its `__errors`, keyed by column. */
/** Why a row is not imported: the browser's preview and the API's per-row answers say it alike. */
export { rpuImportProblems };

export type RpuImportRowErrors = { service_number?: string; cfe_user?: string };

/**
 * The spec §3 checks of one row that make it unimportable: a service number that is missing or
 * not 12 digits, a portal user that is not one of the user's credentials (`knownCfeUsers`,
 * lower-cased). An empty portal user is fine: the service is created "Sin nombre" (status 5).
 */
export function rpuImportRowErrors(
  row: { service_number: string; cfe_user: string },
  knownCfeUsers: ReadonlySet<string>,
): RpuImportRowErrors {
  const errors: RpuImportRowErrors = {};
  const problem = serviceNumberProblem(row.service_number);
  // 11 digits are a number Excel stripped of its leading zero: say which number to send instead.
  if (problem && /^\d{11}$/.test(row.service_number.trim()))
    errors.service_number = rpuImportProblems.leadingZeroMissing(`0${row.service_number.trim()}`);
  else if (problem) errors.service_number = serviceNumberMessage(problem);
  const cfeUser = row.cfe_user.trim();
  if (cfeUser !== '' && !knownCfeUsers.has(cfeUser.toLowerCase()))
    errors.cfe_user = rpuImportProblems.cfeUserUnknown(cfeUser);
  return errors;
}

export const rpuImportOutcomes = ['created', 'duplicate', 'invalid'] as const;
export type RpuImportOutcomeValue = (typeof rpuImportOutcomes)[number];

/** The answer for one row: `row` is its index in the request's `rows`. */
export const zRpuImportResult = lazySchema(() =>
  z.object({
    row: z.number().int(),
    service_number: z.string(),
    outcome: z.enum(rpuImportOutcomes),
    reason: z.string().nullable(),
    rpu_id: zId.nullable(),
  }),
);
export type RpuImportResult = z.infer<typeof zRpuImportResult>;

export const zRpuBulkCreateResponse = lazySchema(() =>
  z.object({
    created: z.number().int(),
    duplicates: z.number().int(),
    invalid: z.number().int(),
    results: z.array(zRpuImportResult),
  }),
);
export type RpuBulkCreateResponse = z.infer<typeof zRpuBulkCreateResponse>;

// ---------------------------------------------------------------------------------------------
// Changes to many service points

export const zRpuIds = lazySchema(() => z.object({ rpu_ids: z.array(zId).min(1).max(MAX_IMPORT_ROWS) }));
export type RpuIds = z.infer<typeof zRpuIds>;

/** POST /rpus/bulk-update: the same change applied to the selected service points. */
export const zRpuBulkUpdate = lazySchema(() =>
  zRpuIds.extend({
    alias: z.string().trim().max(MAX_ALIAS_LENGTH).optional(),
    /** Blank or null clears it. */
    holder_name: zHolderName.nullable().optional(),
    credential_id: zId.nullable().optional(),
    with_autofetch: z.boolean().optional(),
    send_email_notifications: z.boolean().optional(),
  }),
);
export type RpuBulkUpdate = z.infer<typeof zRpuBulkUpdate>;

export const zRpuEmailNotifications = lazySchema(() =>
  zRpuIds.extend({ send_email_notifications: z.boolean() }),
);
export type RpuEmailNotifications = z.infer<typeof zRpuEmailNotifications>;

/**
 * PATCH /rpus/{rpu_id}: what the owner may change of one service point. `last_payment` (its wire
 * name, spec §3) is the total to pay of the last receipt, in whole pesos; null clears it, as a
 * blank holder name does.
 */
export const zRpuUpdate = lazySchema(() =>
  z
    .object({
      alias: z
        .string()
        .trim()
        .max(MAX_ALIAS_LENGTH, { message: rpuFieldProblems.aliasTooLong(MAX_ALIAS_LENGTH) }),
      holder_name: zHolderName.nullable(),
      last_payment: zTotalToPay.nullable(),
    })
    .partial(),
);
export type RpuUpdate = z.input<typeof zRpuUpdate>;

export const zRpuLink = lazySchema(() => z.object({ credential_id: zId.nullable() }));
export type RpuLink = z.infer<typeof zRpuLink>;

export const zAffected = lazySchema(() => z.object({ affected: z.number().int() }));
export type Affected = z.infer<typeof zAffected>;

/** Column headers of the CSV export (Spanish, spec §1); the import accepts them back. */
export { rpuCsvHeaders };

/** POST /rpus/csv body: without `rpu_ids`, every service point the query's filters match. */
export const zRpuCsvRequest = lazySchema(() =>
  z.object({ rpu_ids: z.array(zId).max(MAX_IMPORT_ROWS).optional() }),
);
export type RpuCsvRequest = z.infer<typeof zRpuCsvRequest>;

// ---------------------------------------------------------------------------------------------
// Superuser: one service point with everything around it

export const zRpuTaskSummary = lazySchema(() =>
  z.object({
    task_id: zId,
    type: z.number().int(),
    status: z.number().int(),
    message: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  }),
);
export type RpuTaskSummary = z.infer<typeof zRpuTaskSummary>;

/** GET /rpus/admin/{rpu_id}/complete. */
export const zRpuComplete = lazySchema(() =>
  zRpuAdmin.extend({
    user: z.object({ id: zId, email: z.string(), full_name: z.string(), company_name: z.string() }),
    credential: z
      .object({ credential_id: zId, alias: z.string(), cfe_user: z.string(), status: z.number().int() })
      .nullable(),
    periods_count: z.number().int(),
    last_task: zRpuTaskSummary.nullable(),
  }),
);
export type RpuComplete = z.infer<typeof zRpuComplete>;

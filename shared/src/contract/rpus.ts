import { z } from 'zod';
import { zId, zMoney, zQueryBoolean } from './common';
import { zRpuStatus } from './enums';

/** CFE service numbers are 12 digits; spaces are stripped on input (spec §3). */
export const normalizeServiceNumber = (value: string) => value.replace(/\s+/g, '');
export const zServiceNumber = z
  .string()
  .transform(normalizeServiceNumber)
  .pipe(z.string().regex(/^\d{12}$/, 'must be a 12-digit service number'));

/** A service point as its owner sees it (spec §3). */
export const zRpu = z.object({
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
  holder_name: z.string().nullable(),
  last_payment: zMoney.nullable(),
  last_synced_at: z.string().nullable(),
  created_at: z.string(),
});
export type Rpu = z.infer<typeof zRpu>;

/** The superuser's view adds the owner (spec §7 GET /rpus/admin). */
export const zRpuAdmin = zRpu.extend({ user_id: zId, user_email: z.string(), user_company_name: z.string() });
export type RpuAdmin = z.infer<typeof zRpuAdmin>;

/** Light entry for pickers (GET /rpus/all). */
export const zRpuSummary = zRpu.pick({
  rpu_id: true,
  service_number: true,
  alias: true,
  credential_id: true,
  rpu_status: true,
});
export type RpuSummary = z.infer<typeof zRpuSummary>;

export const zRpuCreate = z.object({
  service_number: zServiceNumber,
  alias: z.string().trim().max(120).default(''),
  credential_id: zId.nullable().optional(),
  last_payment: zMoney.nullable().optional(),
  with_autofetch: z.boolean().default(false),
  send_email_notifications: z.boolean().default(false),
});
export type RpuCreate = z.input<typeof zRpuCreate>;

/** GET /rpus/ filters (spec §7) plus `cfe_user` and `with_credential` behind the `email` and `withCredential` filters of §2. */
export const zRpusQuery = z.object({
  credential_id: zId.optional(),
  alias: z.string().trim().max(120).optional(),
  service_number: z.string().trim().max(20).optional(),
  cfe_user: z.string().trim().max(120).optional(),
  with_credential: zQueryBoolean.optional(),
  rpu_status: z.coerce.number().pipe(zRpuStatus).optional(),
  with_autofetch: zQueryBoolean.optional(),
  send_email_notifications: zQueryBoolean.optional(),
});
export type RpusQuery = z.input<typeof zRpusQuery>;

/** One row of an import file (spec §3): the columns the user fills. */
export const zRpuImportRow = z.object({
  alias: z.string().trim().max(120).default(''),
  cfe_user: z.string().trim().max(120).default(''),
  service_number: z.string(),
  last_payment: zMoney.nullable().optional(),
});
export type RpuImportRow = z.input<typeof zRpuImportRow>;

export const MAX_IMPORT_ROWS = 10_000;

export const zRpuBulkCreate = z.object({ rows: z.array(zRpuImportRow).min(1).max(MAX_IMPORT_ROWS) });
export type RpuBulkCreate = z.input<typeof zRpuBulkCreate>;

export const rpuImportOutcomes = ['created', 'duplicate', 'invalid'] as const;
export const zRpuImportResult = z.object({
  row: z.number().int(),
  service_number: z.string(),
  outcome: z.enum(rpuImportOutcomes),
  reason: z.string().nullable(),
  rpu_id: zId.nullable(),
});
export type RpuImportResult = z.infer<typeof zRpuImportResult>;

export const zRpuBulkCreateResponse = z.object({
  created: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
  results: z.array(zRpuImportResult),
});
export type RpuBulkCreateResponse = z.infer<typeof zRpuBulkCreateResponse>;

export const zRpuIds = z.object({ rpu_ids: z.array(zId).min(1).max(MAX_IMPORT_ROWS) });
export type RpuIds = z.infer<typeof zRpuIds>;

/** POST /rpus/bulk-update: the same change applied to the selected service points. */
export const zRpuBulkUpdate = zRpuIds.extend({
  alias: z.string().trim().max(120).optional(),
  credential_id: zId.nullable().optional(),
  with_autofetch: z.boolean().optional(),
  send_email_notifications: z.boolean().optional(),
});
export type RpuBulkUpdate = z.infer<typeof zRpuBulkUpdate>;

export const zRpuEmailNotifications = zRpuIds.extend({ send_email_notifications: z.boolean() });
export type RpuEmailNotifications = z.infer<typeof zRpuEmailNotifications>;

export const zRpuLink = z.object({ credential_id: zId.nullable() });
export type RpuLink = z.infer<typeof zRpuLink>;

export const zAffected = z.object({ affected: z.number().int() });
export type Affected = z.infer<typeof zAffected>;

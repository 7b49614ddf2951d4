import { z } from 'zod';

/** Identifiers are UUIDs on the wire. */
export const zId = z.uuid();

/** `page`/`page_size` of every list endpoint (spec §7). */
export const zPageQuery = z.object({
  page: z.coerce.number().int().positive().default(1),
  page_size: z.coerce.number().int().positive().max(500).default(10),
});
export type PageQuery = z.infer<typeof zPageQuery>;

/**
 * Every list answers `{data, count}` where `count` is the total before pagination, counted up to a
 * cap past the page shown (issue 17): when more rows exist than were counted, `count_capped` is
 * true and `count` is how many at least ("más de N").
 */
export const zPage = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), count: z.number().int(), count_capped: z.boolean().optional() });
export type Page<T> = { data: T[]; count: number; count_capped?: boolean };

export const zMessage = z.object({ message: z.string() });
export type Message = z.infer<typeof zMessage>;

/** FastAPI-shaped validation error item. */
export const zValidationErrorItem = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationErrorItem = z.infer<typeof zValidationErrorItem>;

export const zErrorBody = z.object({ detail: z.union([z.string(), z.array(zValidationErrorItem)]) });
export type ErrorBody = z.infer<typeof zErrorBody>;

/** Query-string booleans arrive as text. */
export const zQueryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Money (MXN) travels as a decimal string with two places; it is never a float. */
export const zMoney = z.string().regex(/^-?\d+(\.\d{1,2})?$/);

/** Calendar date on the wire: yyyy-MM-dd. */
export const zIsoDate = z.iso.date();

/**
 * What an error answer's `code` says went wrong (`{"detail": …, "code": …}`); the API maps each to
 * its HTTP status in one place (api/src/http/errors.ts). Validation answers (422) carry the
 * field list instead.
 */
export const appErrorCodes = [
  'bad_request',
  'unauthenticated',
  'subscription_required',
  'forbidden',
  'not_found',
  'conflict',
  'password_change_required',
  'rate_limited',
  'provider_failed',
  'unavailable',
] as const;
export type AppErrorCode = (typeof appErrorCodes)[number];

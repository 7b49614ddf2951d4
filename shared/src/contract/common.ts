import { z } from 'zod';
import { lazySchema } from './zod-in-browser';

/** Identifiers are UUIDs on the wire. */
export const zId = lazySchema(() => z.uuid().meta({ examples: ['3f2a6c1e-8b4d-4c2a-9f1e-2d7b5a9c0e11'] }));

/** `page`/`page_size` of every list endpoint (spec §7). */
export const zPageQuery = lazySchema(() =>
  z.object({
    page: z.coerce.number<number | string>().int().positive().default(1),
    page_size: z.coerce.number<number | string>().int().positive().max(500).default(10),
  }),
);
export type PageQuery = z.infer<typeof zPageQuery>;

/**
 * Every list answers `{data, count}` where `count` is the total before pagination, counted up to a
 * cap past the page shown (issue 17): when more rows exist than were counted, `count_capped` is
 * true and `count` is how many at least ("más de N").
 */
export const zPage = <T extends z.ZodType>(item: T) =>
  lazySchema(() =>
    z.object({ data: z.array(item), count: z.number().int(), count_capped: z.boolean().optional() }),
  );
export type Page<T> = { data: T[]; count: number; count_capped?: boolean };

export const zMessage = lazySchema(() => z.object({ message: z.string() }));
export type Message = z.infer<typeof zMessage>;

/**
 * What a client needs to word a field error in its own language (FastAPI's `ctx`), by `type`:
 * `string_too_short` {min_length}, `string_too_long` {max_length}, `too_short` {min_length} and
 * `too_long` {max_length} (items of a list), `greater_than_equal` {ge}, `greater_than` {gt},
 * `less_than_equal` {le}, `less_than` {lt}, `multiple_of` {multiple_of}, `string_pattern_mismatch`
 * {pattern}, `enum` {expected: the values, comma-separated}, `<expected>_type` {expected},
 * `date_order` {after: the field it must not precede}, and `value_error` {format} for a value that
 * is not a valid email, url, uuid, date… or {reason} for any other generic refusal. A `value_error`
 * without `ctx`, and the API's own types (`service_cap`, `password_guessable`…), carry a sentence
 * the API words for people, in Spanish.
 */
export const zValidationErrorContext = lazySchema(() =>
  z
    .object({
      min_length: z.number(),
      max_length: z.number(),
      ge: z.number(),
      gt: z.number(),
      le: z.number(),
      lt: z.number(),
      multiple_of: z.number(),
      pattern: z.string(),
      expected: z.string(),
      format: z.string(),
      reason: z.string(),
      after: z.string(),
    })
    .partial(),
);
export type ValidationErrorContext = z.infer<typeof zValidationErrorContext>;

/** FastAPI-shaped validation error item. */
export const zValidationErrorItem = lazySchema(() =>
  z.object({
    loc: z.array(z.union([z.string(), z.number()])).meta({ examples: [['body', 'password']] }),
    msg: z.string().meta({ examples: ['must be at least 8 characters'] }),
    type: z.string().meta({ examples: ['string_too_short'] }),
    ctx: zValidationErrorContext.optional().meta({ examples: [{ min_length: 8 }] }),
  }),
);
export type ValidationErrorItem = z.infer<typeof zValidationErrorItem>;

export const zErrorBody = lazySchema(() =>
  z.object({ detail: z.union([z.string(), z.array(zValidationErrorItem)]) }),
);
export type ErrorBody = z.infer<typeof zErrorBody>;

/** Query-string booleans arrive as text. */
export const zQueryBoolean = lazySchema(() =>
  z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1'),
);

/** Money (MXN) travels as a decimal string with two places; it is never a float. */
export const zMoney = lazySchema(() =>
  z
    .string()
    .regex(/^-?\d+(\.\d{1,2})?$/)
    .meta({ examples: ['1234.50'] }),
);

/** Calendar date on the wire: yyyy-MM-dd. */
export const zIsoDate = lazySchema(() => z.iso.date().meta({ examples: ['2026-10-31'] }));

/** A date range's end is not before its start (yyyy-MM-dd compares as text). */
export const dateOrder = (value: { initial_date?: string | undefined; final_date?: string | undefined }) =>
  !value.initial_date || !value.final_date || value.initial_date <= value.final_date;
/** The 422 item of a range out of order: typed, so a client words it (see zValidationErrorContext). */
export const dateOrderIssue = {
  message: 'must be on or after initial_date',
  path: ['final_date'],
  params: { type: 'date_order', ctx: { after: 'initial_date' } },
};

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

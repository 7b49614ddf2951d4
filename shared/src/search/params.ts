import { z } from 'zod';
import { isIsoDate } from '../dates/dates';
import { MAX_PAGE_SIZE, pageSizePreference } from './page-size-preference';

/**
 * The schemas of single search parameters. URL values are text; each schema turns the text into
 * its typed value and never fails: a missing, empty or invalid value becomes the default (page,
 * pageSize, tab) or null (everything else), as spec §2 and §5 ask ("Unknown enumeration values
 * become null or the default", "invalid becomes null").
 */

export const DEFAULT_PAGE = 1;
/** Longest free-text search kept from a URL; longer text is cut (no API field is longer). */
export const MAX_SEARCH_LENGTH = 200;

const wholeNumber = z.string().trim().regex(/^\d+$/).transform(Number);
const signedWholeNumber = z
  .string()
  .trim()
  .regex(/^-?\d+$/)
  .transform(Number);

/** `page`: a positive integer; anything else (missing, 0, -2, 1.5, "abc") is 1. */
export const zPageParam = wholeNumber.pipe(z.number().int().positive()).catch(DEFAULT_PAGE);

/**
 * `pageSize`: a positive integer, capped at MAX_PAGE_SIZE; anything else is the stored
 * preference (read at parse time, so a change in Configuración applies to the next parse), else 10.
 */
export const zPageSizeParam = wholeNumber
  .pipe(z.number().int().positive())
  .transform((size) => Math.min(size, MAX_PAGE_SIZE))
  .catch(() => pageSizePreference.get());

/** A tab index among `values`; anything else is the first tab (0). */
export function zTabParam<T extends number>(values: readonly [T, ...T[]]) {
  const [first] = values;
  return signedWholeNumber.pipe(z.union(values.map((value) => z.literal(value)))).catch(first);
}

/** One of the given texts, or null. */
export function zChoiceParam<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values).nullable().catch(null);
}

/** One of the given numbers (the values of an enumeration of the contract), or null. */
export function zNumberChoiceParam<T extends number>(values: readonly T[]) {
  return signedWholeNumber
    .pipe(z.union(values.map((value) => z.literal(value))))
    .nullable()
    .catch(null);
}

/** `true` or `false` as text; anything else ("1", "yes", "") is null. */
export const zBooleanParam = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .nullable()
  .catch(null);

/** A UUID (every id of the API), lower-cased; anything else is null. */
export const zIdParam = z
  .string()
  .trim()
  .pipe(z.uuid())
  .transform((id) => id.toLowerCase())
  .nullable()
  .catch(null);

/** Free text, trimmed and cut at MAX_SEARCH_LENGTH; empty is null. */
export const zTextParam = z
  .string()
  .trim()
  .min(1)
  .transform((text) => text.slice(0, MAX_SEARCH_LENGTH))
  .nullable()
  .catch(null);

/** A real calendar day written yyyy-MM-dd (2025-02-30 is not one); anything else is null. */
export const zIsoDateParam = z.string().trim().refine(isIsoDate).nullable().catch(null);

/** What the parsers read: a URLSearchParams, a query string (with or without "?") or a plain record. */
export type SearchInput = URLSearchParams | string | Readonly<Record<string, string | undefined>>;

/**
 * The query as a record of texts, one per key. A key given twice keeps its first value, as
 * `URLSearchParams.get` does.
 */
export function searchRecord(input: SearchInput): Record<string, string> {
  const pairs: Iterable<[string, string | undefined]> =
    typeof input === 'string'
      ? new URLSearchParams(input)
      : isSearchParams(input)
        ? input
        : Object.entries(input);
  const entries = new Map<string, string>();
  for (const [key, value] of pairs) {
    if (value !== undefined && !entries.has(key)) entries.set(key, value);
  }
  return Object.fromEntries(entries);
}

/** URLSearchParams, also from another realm (an iframe, a test environment), by its shape. */
function isSearchParams(input: SearchInput): input is URLSearchParams {
  return typeof input !== 'string' && typeof (input as URLSearchParams).getAll === 'function';
}

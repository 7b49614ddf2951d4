import { isValid } from 'date-fns/isValid';
import { toIsoDate } from '../dates/dates';
import { pageSizePreference } from './page-size-preference';
import { DEFAULT_PAGE } from './params';
import { searchMetaKeys } from './routes';

type Scalar = string | number | boolean | Date;

/**
 * Defaults every route shares, left out of URLs even when the caller passes none: page 1, the
 * preferred page size and the first tab. A key only matters for a route that has it.
 */
export function commonSearchDefaults(): Record<string, Scalar> {
  return { page: DEFAULT_PAGE, pageSize: pageSizePreference.get(), tab: 0 };
}

function text(value: Scalar): string | null {
  if (value instanceof Date) return isValid(value) ? toIsoDate(value) : null;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value === '' ? null : value;
}

function isScalar(value: unknown): value is Scalar {
  return ['string', 'number', 'boolean'].includes(typeof value) || value instanceof Date;
}

/**
 * Parsed search values back to URL parameters, for links and navigation. Nulls, empty texts and
 * values equal to their default (the given `defaults` over `commonSearchDefaults()`) are left
 * out, so URLs stay short; keys are sorted, so the same state always gives the same URL; booleans
 * are written true/false and dates yyyy-MM-dd, which is what the parsers read back, so a reload
 * restores the state. Meta keys of a parse result (`unmetRequirements`) are never written.
 * Throws TypeError for a value that cannot be a URL parameter (an object).
 */
export function toSearchParams<T extends object>(values: T, defaults: Partial<T> = {}): URLSearchParams {
  const fallback: Record<string, unknown> = { ...commonSearchDefaults(), ...defaults };
  const params = new URLSearchParams();
  const entries = Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, value] of entries) {
    if ((searchMetaKeys as readonly string[]).includes(key) || value === null || value === undefined)
      continue;
    const items: unknown[] = Array.isArray(value) ? value : [value];
    if (!Array.isArray(value) && key in fallback && text(value as Scalar) === text(fallback[key] as Scalar))
      continue;
    for (const item of items) {
      if (!isScalar(item)) throw new TypeError(`The search value "${key}" cannot be written in a URL`);
      const written = text(item);
      if (written !== null) params.append(key, written);
    }
  }
  return params;
}

/** `toSearchParams` as the text of a link: "?page=2&search=x", or "" when everything is default. */
export function toSearchString<T extends object>(values: T, defaults: Partial<T> = {}): string {
  const search = toSearchParams(values, defaults).toString();
  return search ? `?${search}` : '';
}

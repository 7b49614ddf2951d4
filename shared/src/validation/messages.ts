import { es } from '@luz/shared/text';
import type { ValidationErrorContext, ValidationErrorItem } from '../contract/common';

const text = es.validation;

/** How each format the API names in a `value_error` reads (others are "Valor inválido"). */
const formats: Record<string, string> = {
  email: text.email,
  url: text.url,
  date: text.date,
};

/**
 * The Spanish wording of each generic 422 type, from the limits its `ctx` carries (see
 * `zValidationErrorContext`); undefined when the limit it needs is missing.
 */
const byType: Record<string, (ctx: ValidationErrorContext) => string | undefined> = {
  missing: () => text.required,
  string_too_short: ({ min_length }) => (min_length === undefined ? undefined : text.min(min_length)),
  string_too_long: ({ max_length }) => (max_length === undefined ? undefined : text.max(max_length)),
  too_short: ({ min_length }) => (min_length === undefined ? undefined : text.minItems(min_length)),
  too_long: ({ max_length }) => (max_length === undefined ? undefined : text.maxItems(max_length)),
  greater_than_equal: ({ ge }) => (ge === undefined ? undefined : text.minValue(ge)),
  greater_than: ({ gt }) => (gt === 0 ? text.positive : gt === undefined ? undefined : text.greaterThan(gt)),
  less_than_equal: ({ le }) => (le === undefined ? undefined : text.maxValue(le)),
  less_than: ({ lt }) => (lt === undefined ? undefined : text.lessThan(lt)),
  multiple_of: ({ multiple_of }) => (multiple_of === undefined ? undefined : text.multipleOf(multiple_of)),
  int_type: () => text.integer,
  number_type: () => text.number,
  enum: () => text.oneOf,
  date_order: () => text.dateOrder,
  string_nul: () => text.nul,
  value_error: ({ format }) => (format === undefined ? undefined : formats[format]),
};

/** Generic types the API sends that read "Valor inválido" whatever their limits. */
const generic = new Set(['string_pattern_mismatch', 'extra_forbidden', 'json_invalid']);

/**
 * The Spanish message of a 422 item, from its `type` and `ctx` (the API's `msg` is English for
 * generic errors, spec §5). A `value_error` without `ctx` and the API's own types
 * (`service_cap`, `password_guessable`…) carry a sentence the API words in Spanish: it is shown as
 * it is. A generic type whose limit is missing, or that has no wording here, reads "Valor inválido".
 */
export function validationItemMessage({ type, msg, ctx }: ValidationErrorItem): string {
  if (type === 'value_error' && ctx === undefined) return msg;
  const word = byType[type];
  if (word) return word(ctx ?? {}) ?? text.invalid;
  if (generic.has(type) || type.endsWith('_type')) return text.invalid;
  return msg;
}

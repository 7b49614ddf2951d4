import { es } from '@luz/shared/text';
import type { z } from 'zod';

/** Key of an error that belongs to the whole form rather than to one field (empty issue path). */
export const FORM_ERROR_KEY = '_form';

type Issue = z.core.$ZodIssue;

/** Whether zod reported a missing value (undefined/null where a value was expected). */
function isMissing(issue: Issue & { input?: unknown }): boolean {
  if ('input' in issue) return issue.input === undefined || issue.input === null;
  // Without `reportInput` zod leaves the input out; its message still names what it received.
  return /received (undefined|null)$/.test(issue.message);
}

function bound(value: number | bigint | string): number | string {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** The Spanish message of one zod issue (es.validation). */
export function issueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (isMissing(issue)) return es.validation.required;
      if (issue.expected === 'int') return es.validation.integer;
      if (issue.expected === 'number' || issue.expected === 'bigint') return es.validation.number;
      if (issue.expected === 'date') return es.validation.date;
      return es.validation.invalid;
    case 'too_small': {
      const minimum = bound(issue.minimum);
      if (issue.origin === 'string') {
        const empty = 'input' in issue && issue.input === '';
        return empty || Number(minimum) <= 1 ? es.validation.required : es.validation.min(Number(minimum));
      }
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return Number(minimum) === 0 && !issue.inclusive
          ? es.validation.positive
          : es.validation.minValue(minimum);
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return Number(minimum) <= 1 ? es.validation.required : es.validation.minItems(minimum);
      }
      return es.validation.invalid;
    }
    case 'too_big': {
      const maximum = bound(issue.maximum);
      if (issue.origin === 'string') return es.validation.max(Number(maximum));
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return es.validation.maxValue(maximum);
      }
      if (issue.origin === 'array' || issue.origin === 'set') return es.validation.maxItems(maximum);
      return es.validation.invalid;
    }
    case 'invalid_format':
      if (issue.format === 'email') return es.validation.email;
      if (issue.format === 'date') return es.validation.date;
      if (issue.format === 'url') return es.validation.url;
      return es.validation.invalid;
    case 'not_multiple_of':
      return Number(issue.divisor) === 1 ? es.validation.integer : es.validation.invalid;
    case 'custom':
      // Our own refinements carry their (Spanish) message, e.g. es.validation.passwordsDiffer.
      return issue.message || es.validation.invalid;
    default:
      return es.validation.invalid;
  }
}

/**
 * The field errors of a failed zod parse, in Spanish, for a form: `{email: 'Escribe un correo…'}`.
 * The key is the issue's path joined with dots (`rows.0.alias` for nested values); an issue
 * about the whole value goes under FORM_ERROR_KEY. The first issue of each field wins, so the
 * most basic problem (a missing value) is what the user reads.
 */
export function formErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? FORM_ERROR_KEY : issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issueMessage(issue);
  }
  return errors;
}

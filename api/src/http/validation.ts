import {
  type ValidationErrorContext,
  type ValidationErrorItem,
  zValidationErrorContext,
} from '@luz/shared/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { LRUCache } from 'lru-cache';
import { type core, type ZodType, z } from 'zod';

type Issue = core.$ZodRawIssue;
type RequestPart = 'body' | 'querystring' | 'params' | 'headers';

/** Where FastAPI says an error is: `loc` starts with body, query, path or header. */
const locationOf: Record<RequestPart, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

const fieldName = (path: readonly PropertyKey[], part: string) => {
  const last = [...path].reverse().find((segment) => typeof segment === 'string');
  return typeof last === 'string' ? last : part;
};

/**
 * The generic messages of spec §5, English as the spec gives them. Anything they do not cover
 * keeps zod's own English wording.
 */
function validationMessage(issue: Issue, part = 'body'): string | undefined {
  const field = fieldName(issue.path ?? [], part);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${field} is a required field`;
      if (issue.expected === 'int') return 'must be an integer';
      return `must be a \`${issue.expected}\` type`;
    case 'invalid_format':
      return issue.format === 'email' ? 'must be a valid email' : `must be a valid ${issue.format}`;
    case 'too_small':
      if (issue.origin === 'string') {
        return issue.input === ''
          ? `${field} is a required field`
          : `must be at least ${issue.minimum} characters`;
      }
      if (issue.origin === 'number' || issue.origin === 'int') {
        return Number(issue.minimum) === 0 && !issue.inclusive
          ? 'must be a positive number'
          : `must be greater than or equal to ${issue.minimum}`;
      }
      if (issue.origin === 'array') return `must have at least ${issue.minimum} items`;
      return undefined;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
      if (issue.origin === 'number' || issue.origin === 'int')
        return `must be less than or equal to ${issue.maximum}`;
      if (issue.origin === 'array') return `must have at most ${issue.maximum} items`;
      return undefined;
    case 'invalid_value':
      return `must be one of the following values: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `has unknown fields: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
}

type FinalIssue = core.$ZodIssue & { input?: unknown; params?: { type?: unknown; ctx?: unknown } };

/** The generic wording of an issue: the messages above, or zod's own where they say nothing. */
function genericMessage(issue: FinalIssue, location: string): string {
  const own = validationMessage(issue as Issue, location);
  if (own !== undefined) return own;
  const zods = z.config().localeError?.(issue as Issue);
  return (typeof zods === 'string' ? zods : zods?.message) ?? 'Invalid input';
}

/** FastAPI-like `type` of an issue worded generically, so a client can branch without reading the message. */
function errorType(issue: FinalIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'missing' : `${issue.expected}_type`;
    case 'too_small':
      if (issue.origin === 'string') return issue.input === '' ? 'missing' : 'string_too_short';
      return issue.origin === 'array' ? 'too_short' : issue.inclusive ? 'greater_than_equal' : 'greater_than';
    case 'too_big':
      if (issue.origin === 'string') return 'string_too_long';
      return issue.origin === 'array' ? 'too_long' : issue.inclusive ? 'less_than_equal' : 'less_than';
    case 'invalid_format':
      return issue.format === 'regex' ? 'string_pattern_mismatch' : 'value_error';
    case 'not_multiple_of':
      return 'multiple_of';
    case 'invalid_value':
      return 'enum';
    case 'unrecognized_keys':
      return 'extra_forbidden';
    default:
      return 'value_error';
  }
}

const bound = (value: number | bigint) => Number(value);

/** The limits a client needs to word the error of `errorType` itself (FastAPI's `ctx`). */
function errorContext(issue: FinalIssue): ValidationErrorContext | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? undefined : { expected: issue.expected };
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array')
        return issue.input === '' ? undefined : { min_length: bound(issue.minimum) };
      return issue.inclusive ? { ge: bound(issue.minimum) } : { gt: bound(issue.minimum) };
    case 'too_big':
      if (issue.origin === 'string' || issue.origin === 'array') return { max_length: bound(issue.maximum) };
      return issue.inclusive ? { le: bound(issue.maximum) } : { lt: bound(issue.maximum) };
    case 'invalid_format':
      return issue.format === 'regex' && issue.pattern
        ? { pattern: issue.pattern }
        : { format: issue.format };
    case 'not_multiple_of':
      return { multiple_of: bound(issue.divisor) };
    case 'invalid_value':
      return { expected: issue.values.map(String).join(', ') };
    case 'unrecognized_keys':
      return undefined;
    default:
      return { reason: issue.code };
  }
}

/** How a schema types a message of its own (`refine(…, { message, params: { type, ctx } })`). */
const zTypedIssue = z.object({ type: z.string(), ctx: zValidationErrorContext.optional() });

/**
 * One issue as a 422 item. A generic issue gets its type and `ctx`, from which a client words it
 * in its language; a message of the schema's own is the API's sentence for people (`value_error`
 * without `ctx`), unless the schema types it with `params: { type, ctx }`.
 */
function validationItem(issue: FinalIssue, location: string): ValidationErrorItem {
  const loc = [
    location,
    ...issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment))),
  ];
  if (issue.message === genericMessage(issue, location)) {
    const ctx = errorContext(issue);
    return { loc, msg: issue.message, type: errorType(issue), ...(ctx && { ctx }) };
  }
  const typed = zTypedIssue.safeParse(issue.params);
  if (!typed.success) return { loc, msg: issue.message, type: 'value_error' };
  const { type, ctx } = typed.data;
  return { loc, msg: issue.message, type, ...(ctx && { ctx }) };
}

/** A failed request validation, already in the shape of a 422 answer. */
export class RequestValidationError extends Error {
  readonly statusCode = 422;
  constructor(readonly detail: ValidationErrorItem[]) {
    super('Validation Error');
    this.name = 'RequestValidationError';
  }
}

function validationItems(issues: readonly core.$ZodIssue[], location: string): ValidationErrorItem[] {
  return issues.map((issue) => validationItem(issue, location));
}

/** What a 422 says about a NUL character (spec §5 wording style; the front end translates it). */
export const NUL_MESSAGE = 'must not contain NUL characters';

/**
 * Where `value` (a parsed body, query string or path) holds a NUL character, in a string or in a
 * key: PostgreSQL cannot store one in text, so it is refused here, as a field error, before any
 * schema or query sees it.
 */
function nulPaths(value: unknown, path: (string | number)[] = [], found: (string | number)[][] = []) {
  if (typeof value === 'string') {
    if (value.includes('\0')) found.push(path);
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) nulPaths(item, [...path, index], found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      nulPaths(item, [...path, key], found);
      if (key.includes('\0')) found.push([...path, key]);
    }
  }
  return found;
}

/**
 * Validates every request part with its zod schema and the messages above. `reportInput` keeps
 * the offending value on the issue only long enough to tell "missing" from "wrong"; it is never
 * sent back (a password must not be echoed in an error).
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = ({ schema, httpPart }) => {
  const part = (httpPart ?? 'body') as RequestPart;
  const location = locationOf[part] ?? part;
  const validate = (data: unknown) => {
    // Fastify gives a request without a body `null`; zod (and FastAPI) call that "missing".
    const input = part === 'body' && data === null ? undefined : data;
    const withNul = nulPaths(input);
    if (withNul.length > 0) {
      return {
        error: new RequestValidationError(
          withNul.map((path) => ({ loc: [location, ...path], msg: NUL_MESSAGE, type: 'string_nul' })),
        ),
      };
    }
    const result = schema.safeParse(input, {
      error: (issue) => validationMessage(issue, location),
      reportInput: true,
    });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(validationItems(result.error.issues, location)) };
  };
  return part === 'querystring' ? rememberingValid(validate) : validate;
};

/** Query strings remembered at most by each route's validator (the least recently used leave first). */
const REMEMBERED_QUERIES = 1_000;

/**
 * A query string's validator that remembers what it made of the query strings it accepted: the
 * same page of a list asked again costs a map lookup instead of zod's parse (issue 17: a tenth of
 * a kept list's time). A query string is flat (strings, or arrays of them), so its JSON names it;
 * the value is frozen because every request that asks the same gets the same object.
 */
function rememberingValid(validate: (data: unknown) => { value?: unknown; error?: Error }) {
  // Made on the first query string accepted: an LRU allocates room for all its entries, and an app
  // has a validator for every list route, most never asked in a test or a short-lived process.
  let valid: LRUCache<string, object> | undefined;
  return (data: unknown) => {
    const key = JSON.stringify(data);
    const known = valid?.get(key);
    if (known !== undefined) return { value: known };
    const result = validate(data);
    if (result.error || typeof result.value !== 'object' || result.value === null) return result;
    const value = frozen(result.value);
    valid ??= new LRUCache<string, object>({ max: REMEMBERED_QUERIES });
    valid.set(key, value);
    return { value };
  };
}

/** `value` and what it holds, frozen. */
function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) frozen(item);
  }
  return value;
}

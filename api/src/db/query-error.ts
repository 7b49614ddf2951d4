/**
 * A failed statement as the rest of the API sees it. Drivers attach what the statement carried:
 * PGlite puts the parameters on its error (`params`, `queryOptions`), PostgreSQL's `detail` quotes
 * the failing row or key ("Failing row contains (…)"), and data errors quote the bad value
 * ('invalid input syntax for type uuid: "…"'). Any of those may be a sealed portal password, a
 * webhook secret or a person's data, and errors end up in logs; so only what names the failure
 * survives: SQLSTATE, constraint, table, column, the SQL text (which has placeholders, never
 * values) and the message, with quoted values blanked for data errors.
 */
export class QueryError extends Error {
  override name = 'QueryError';
  readonly code: string | undefined;
  readonly severity: string | undefined;
  readonly constraint: string | undefined;
  readonly table: string | undefined;
  readonly column: string | undefined;
  readonly routine: string | undefined;
  /** The statement as written (placeholders, no values). */
  readonly query: string | undefined;

  constructor(cause: DriverError, sql: string | undefined) {
    super(safeMessage(cause));
    this.code = cause.code;
    this.severity = cause.severity;
    this.constraint = cause.constraint;
    this.table = cause.table;
    this.column = cause.column;
    this.routine = cause.routine;
    this.query = sql;
  }
}

type DriverError = {
  message?: string;
  code?: string;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
};

/**
 * SQLSTATE class 22 (data exception) quotes the offending input in its message: "invalid input
 * syntax for type integer: \"…\"", "value \"…\" is out of range". Class 23 keeps values in `detail`.
 */
const quotesInput = /^22/;

function safeMessage(cause: DriverError): string {
  const message = String(cause.message ?? 'Query failed');
  return cause.code && quotesInput.test(cause.code) ? message.replace(/"[^"]*"/g, '"…"') : message;
}

/** Errors the server reported are replaced; connection failures and our own errors pass as they are. */
export function toQueryError(error: unknown, sql?: string): unknown {
  if (error instanceof QueryError || error === null || typeof error !== 'object') return error;
  // PostgreSQL's error fields (node-postgres and PGlite alike) always include a severity.
  const candidate = error as DriverError;
  if (typeof candidate.severity !== 'string' && !('params' in candidate)) return error;
  return new QueryError(candidate, sql);
}

/** Runs a statement; a driver's error leaves as a `QueryError`. */
export async function guarded<T>(sql: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toQueryError(error, sql);
  }
}

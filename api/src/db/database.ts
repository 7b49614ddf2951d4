export type Row = Record<string, unknown>;

export type QueryResult<T extends Row = Row> = { rows: T[]; rowCount: number };

/** What both a database and an open transaction can do. */
export interface Queryable {
  /** One statement with `$1`-style parameters. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** One or more statements without parameters (migrations, scripts); answers the last statement's result. */
  exec(sql: string): Promise<QueryResult>;
}

export type NotificationHandler = (payload: string) => void;

/**
 * The data layer the whole API uses, on PGlite (embedded) or PostgreSQL. Inside `transaction`,
 * use the `tx` handle: on PGlite the database is one connection, and a query on the outer handle
 * would wait for the transaction that is waiting for it.
 */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in BEGIN/COMMIT; any error rolls back and is rethrown. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on `channel`; resolves once listening, with the function that stops it. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  /**
   * As `listen`, for what keeps a cache right: a notification this process causes reaches
   * `handler` before the query (or COMMIT) that caused it resolves, so the next request already
   * sees it; other processes' arrive as with `listen`. A handler may hear one notification twice.
   */
  listenForInvalidation(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  /** NOTIFY through `via` (e.g. a transaction, so it is delivered on commit) or the database. */
  notify(channel: string, payload: string, via?: Queryable): Promise<void>;
  close(): Promise<void>;
}

/**
 * The planner's price of a random read against a sequential one. PostgreSQL's default (4) assumes
 * spinning disks; on SSDs and with the tables in memory it prefers scanning a whole table to a
 * thousand index look-ups, and the lists' capped counts then read every row (issue 17,
 * docs/decisions/100). 1.1 is the value commonly advised for SSD storage.
 */
export const RANDOM_PAGE_COST = 1.1;

/** PostgreSQL's limit for a NOTIFY payload is 8000 bytes. */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7999;

/** LISTEN/NOTIFY channel names are identifiers; ours are plain lower-case words. */
export function assertChannel(channel: string) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid notification channel: ${channel}`);
}

export async function notifyVia(target: Queryable, channel: string, payload: string) {
  assertChannel(channel);
  if (Buffer.byteLength(payload) > MAX_NOTIFY_PAYLOAD_BYTES)
    throw new Error('Notification payload is too large');
  await target.query('SELECT pg_notify($1, $2)', [channel, payload]);
}

/** True for PostgreSQL's unique_violation, optionally on one constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidate = error as { code?: unknown; constraint?: unknown } | null;
  return candidate?.code === '23505' && (constraint === undefined || candidate.constraint === constraint);
}

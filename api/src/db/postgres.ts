import pg from 'pg';
import {
  assertChannel,
  type Database,
  type NotificationHandler,
  notifyVia,
  type Queryable,
  type QueryResult,
  RANDOM_PAGE_COST,
  type Row,
} from './database';
import { guarded } from './query-error';

export type PostgresOptions = {
  /** Pool size per process; several API and worker processes share one server. */
  maxConnections?: number;
  /** Told about lost connections: an idle pooled one (replaced on next use) or the LISTEN one (reconnects by itself). */
  onConnectionError?: (error: Error) => void;
};

type PgQueryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

function queryable(target: PgQueryable): Queryable {
  return {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await guarded(sql, () => target.query<T>(sql, [...params]));
      return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple protocol, which accepts several statements.
      const result = (await guarded(sql, () => target.query(sql))) as unknown as
        | pg.QueryResult<Row>
        | pg.QueryResult<Row>[];
      const last = Array.isArray(result) ? result.at(-1) : result;
      return last
        ? ({ rows: last.rows, rowCount: last.rowCount ?? last.rows.length } satisfies QueryResult)
        : { rows: [], rowCount: 0 };
    },
  };
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * LISTEN needs a session of its own (a pooled connection would be handed to someone else), so one
 * dedicated client carries every channel of this process. When it drops, it reconnects with
 * backoff and subscribes again.
 */
class Listener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly onError: (error: Error) => void,
  ) {}

  async add(channel: string, handler: NotificationHandler) {
    const handlers = this.handlers.get(channel) ?? new Set();
    const first = handlers.size === 0;
    handlers.add(handler);
    this.handlers.set(channel, handlers);
    try {
      const client = await this.connect();
      if (first) await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (error) {
      await this.remove(channel, handler);
      throw error;
    }
  }

  async remove(channel: string, handler: NotificationHandler) {
    const handlers = this.handlers.get(channel);
    if (!handlers?.delete(handler) || handlers.size > 0) return;
    this.handlers.delete(channel);
    if (this.client && !this.closed)
      await this.client.query(`UNLISTEN ${quoteIdentifier(channel)}`).catch(() => undefined);
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('LISTEN connection ended')));
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    this.client = client;
    return client;
  }

  private lost(client: pg.Client, error: Error) {
    if (this.client !== client || this.closed) return;
    this.client = null;
    this.onError(error);
    this.reconnect(0);
  }

  private reconnect(attempt: number) {
    if (this.closed || this.handlers.size === 0) return;
    const delay = Math.min(30_000, 250 * 2 ** attempt);
    this.retryTimer = setTimeout(() => {
      this.connect().catch((error: Error) => {
        this.onError(error);
        this.reconnect(attempt + 1);
      });
    }, delay);
    this.retryTimer.unref();
  }

  async close() {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

/**
 * Channels every pooled connection listens to (`listenForInvalidation`). PostgreSQL delivers a
 * session's own notifications right after its COMMIT, before the statement's answer; so when the
 * connection that wrote listens too, the handlers hear the change before the write resolves.
 */
class PoolInvalidations {
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private readonly joined = new WeakMap<pg.PoolClient, Set<string>>();

  constructor(private readonly pool: pg.Pool) {}

  get active() {
    return this.handlers.size > 0;
  }

  add(channel: string, handler: NotificationHandler) {
    const set = this.handlers.get(channel) ?? new Set();
    set.add(handler);
    this.handlers.set(channel, set);
  }

  remove(channel: string, handler: NotificationHandler) {
    const set = this.handlers.get(channel);
    if (set?.delete(handler) && set.size === 0) this.handlers.delete(channel);
  }

  /** A pooled connection that listens to every invalidation channel (LISTEN once per connection). */
  async checkout(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    try {
      let joined = this.joined.get(client);
      if (!joined) {
        joined = new Set();
        this.joined.set(client, joined);
        client.on('notification', (message) => {
          for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
        });
      }
      for (const channel of this.handlers.keys()) {
        if (joined.has(channel)) continue;
        await client.query(`LISTEN ${quoteIdentifier(channel)}`);
        joined.add(channel);
      }
      return client;
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  }

  /** `pool.query`, on a connection that listens. */
  readonly queryable: PgQueryable = {
    query: (async (sql: string, params?: unknown[]) => {
      const client = await this.checkout();
      let failure: Error | undefined;
      try {
        return await client.query(sql, params);
      } catch (error) {
        // A statement the server refused leaves the connection usable; anything else does not.
        failure = (error as { code?: unknown }).code === undefined ? (error as Error) : undefined;
        throw error;
      } finally {
        client.release(failure);
      }
    }) as PgQueryable['query'],
  };
}

/** Resolves when every connection the pool holds now has closed (at most a few seconds). */
function connectionsEnded(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  if (open === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 5_000);
    timer.unref();
    pool.on('remove', () => {
      open -= 1;
      if (open > 0) return;
      clearTimeout(timer);
      resolve();
    });
  });
}

export function openPostgres(connectionString: string, options: PostgresOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.maxConnections ?? 10,
    options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
  });
  const onError =
    options.onConnectionError ?? ((error: Error) => console.error('Database connection:', error.message));
  // An idle pooled client that loses its server emits here; without a listener the process would crash.
  pool.on('error', (error) => onError(error));
  const listener = new Listener(connectionString, onError);
  const invalidations = new PoolInvalidations(pool);
  const direct = queryable(pool);
  const listening = queryable(invalidations.queryable);
  let closed: Promise<void> | undefined;
  const outer: Queryable = {
    query: (sql, params) => (invalidations.active ? listening : direct).query(sql, params),
    exec: (sql) => (invalidations.active ? listening : direct).exec(sql),
  };
  return {
    kind: 'postgres',
    query: outer.query,
    exec: outer.exec,
    async transaction(fn) {
      const client = invalidations.active ? await invalidations.checkout() : await pool.connect();
      // A connection whose ROLLBACK failed is in an unknown state: it is destroyed, not reused.
      let broken: Error | undefined;
      try {
        await guarded('BEGIN', () => client.query('BEGIN'));
        const result = await fn(queryable(client));
        await guarded('COMMIT', () => client.query('COMMIT'));
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async listen(channel, handler) {
      assertChannel(channel);
      await listener.add(channel, handler);
      return () => listener.remove(channel, handler);
    },
    async listenForInvalidation(channel, handler) {
      assertChannel(channel);
      invalidations.add(channel, handler);
      // Other processes' changes also reach this process while its pooled connections are busy.
      try {
        await listener.add(channel, handler);
      } catch (error) {
        invalidations.remove(channel, handler);
        throw error;
      }
      return async () => {
        invalidations.remove(channel, handler);
        await listener.remove(channel, handler);
      };
    },
    notify: (channel, payload, via = outer) => notifyVia(via, channel, payload),
    // Once, however often it is called (as PGlite's): pg-pool rejects a second end().
    close() {
      closed ??= (async () => {
        await listener.close();
        // pg-pool's end() resolves once it has asked its connections to end, not once they have:
        // wait for each one, so that whoever drops the database next finds none still open.
        const ended = connectionsEnded(pool);
        await pool.end();
        await ended;
      })();
      return closed;
    },
  };
}

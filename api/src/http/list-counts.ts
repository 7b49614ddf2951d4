import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import type { PageCount } from './pagination';

/**
 * Announced by the database (triggers of migration 102) with a user's id whenever a count of
 * their lists may have changed: their service points, periods or portal accounts, their user row.
 */
export const LIST_CHANGES_CHANNEL = 'luz_list_changes';

/** How long a count is trusted without news: a bound for a notification that got lost. */
export const LIST_COUNT_TTL_MS = 10_000;
/** Counts kept at most; the oldest scope leaves first. */
const MAX_COUNTS = 10_000;
/** The scope of counts over every user's rows (the superuser's lists): anyone's change drops them. */
export const EVERY_USER = '*';

type Entry = { rows: number; cap: number; until: number };

/** Where a list's count may be kept: the cache and whose rows the count covers. */
export type CountScope = { counts: ListCounts; scope: string };

/**
 * Capped counts of recent list pages (issue 17): a page turn, or the same page asked again, needs
 * only its own rows; counting a thousand matching rows was two thirds of a list's cost at 100,000
 * service points. A count is keyed by the query that made it (its tables, conditions and values)
 * and kept until the database announces a change to the rows of its user (LIST_CHANGES_CHANNEL):
 * at once in this process, in the others when the notification arrives. A count read while a
 * change happened is not kept (`epoch`). Nothing is kept until it listens.
 */
export class ListCounts {
  private readonly scopes = new Map<string, Map<string, Entry>>();
  private size = 0;
  private stopListening: (() => Promise<void>) | null = null;
  /** Bumped by every change: a count begun under an older epoch may miss it. */
  private epoch = 0;

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async start() {
    this.stopListening ??= await this.db.listenForInvalidation(LIST_CHANGES_CHANNEL, (userId) =>
      this.forget(userId),
    );
  }

  async stop() {
    const stop = this.stopListening;
    this.stopListening = null;
    this.scopes.clear();
    this.size = 0;
    await stop?.();
  }

  /** The count of a page whose own count would read up to `cap` + 1 rows, when a kept one tells it. */
  get(scope: string, key: string, cap: number): PageCount | null {
    const entries = this.scopes.get(scope);
    const entry = entries?.get(key);
    if (!entries || !entry) return null;
    if (entry.until <= this.now()) {
      entries.delete(key);
      this.size -= 1;
      return null;
    }
    // An exact total answers any page; "more than cap" answers pages whose cap is no larger.
    if (entry.rows <= entry.cap)
      return entry.rows > cap ? { count: cap, count_capped: true } : { count: entry.rows };
    return cap <= entry.cap ? { count: cap, count_capped: true } : null;
  }

  /** Where a count starts: pass it to `keep`. */
  mark(): number {
    return this.epoch;
  }

  /** Keeps a count (`rows` read with a limit of `cap` + 1), unless anything changed since `mark`. */
  keep(scope: string, key: string, rows: number, cap: number, mark: number) {
    if (!this.stopListening || mark !== this.epoch) return;
    if (this.size >= MAX_COUNTS) {
      const oldest = this.scopes.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    const entries = this.scopes.get(scope) ?? new Map<string, Entry>();
    if (!entries.has(key)) this.size += 1;
    entries.set(key, { rows, cap, until: this.now() + LIST_COUNT_TTL_MS });
    this.scopes.set(scope, entries);
  }

  forget(userId: string) {
    this.epoch += 1;
    this.drop(userId);
    this.drop(EVERY_USER);
  }

  private drop(scope: string) {
    this.size -= this.scopes.get(scope)?.size ?? 0;
    this.scopes.delete(scope);
  }
}

/** A ListCounts that listens while `app` runs (from its onReady to its onClose). */
export function listCountsFor(app: FastifyInstance, db: Database): ListCounts {
  const counts = new ListCounts(db);
  app.addHook('onReady', () => counts.start());
  app.addHook('onClose', () => counts.stop());
  return counts;
}

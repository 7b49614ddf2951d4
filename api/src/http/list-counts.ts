import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { InvalidatedCache } from '../db/invalidated-cache';
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
 * and kept until the database announces a change to the rows of its user (LIST_CHANGES_CHANNEL,
 * InvalidatedCache).
 */
export class ListCounts extends InvalidatedCache {
  private readonly scopes = new Map<string, Map<string, Entry>>();
  private size = 0;

  constructor(
    db: Database,
    private readonly now: () => number = Date.now,
  ) {
    super(db, LIST_CHANGES_CHANNEL);
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

  /** Keeps a count (`rows` read with a limit of `cap` + 1), unless anything changed since `mark`. */
  keep(scope: string, key: string, rows: number, cap: number, mark: number) {
    if (!this.mayKeep(mark)) return;
    if (this.size >= MAX_COUNTS) {
      const oldest = this.scopes.keys().next().value;
      if (oldest !== undefined) this.dropScope(oldest);
    }
    const entries = this.scopes.get(scope) ?? new Map<string, Entry>();
    if (!entries.has(key)) this.size += 1;
    entries.set(key, { rows, cap, until: this.now() + LIST_COUNT_TTL_MS });
    this.scopes.set(scope, entries);
  }

  /** A change to a user's rows changes their counts and those over every user's rows. */
  protected drop(userId: string) {
    this.dropScope(userId);
    this.dropScope(EVERY_USER);
  }

  protected clear() {
    this.scopes.clear();
    this.size = 0;
  }

  private dropScope(scope: string) {
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

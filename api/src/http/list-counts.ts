import type { Page } from '@luz/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { InvalidatedCache } from '../db/invalidated-cache';
import type { PageCount } from './pagination';

/**
 * Announced by the database (triggers of migrations 102 and 130) with a user's id whenever their
 * lists may have changed: their service points, periods, documents or portal accounts, their user
 * row.
 */
export const LIST_CHANGES_CHANNEL = 'luz_list_changes';

/** How long a count or a page is trusted without news: a bound for a notification that got lost. */
export const LIST_COUNT_TTL_MS = 10_000;
/** Counts kept at most; the oldest scope leaves first. */
const MAX_COUNTS = 10_000;
/** Rows of kept pages at most (a page holds up to 500): a few megabytes; the oldest scope leaves first. */
const MAX_PAGE_ROWS = 20_000;
/** The scope of counts over every user's rows (the superuser's lists): anyone's change drops them. */
export const EVERY_USER = '*';

type CountEntry = { rows: number; cap: number; until: number };
type PageEntry = { page: Page<unknown>; until: number };

/** Where a list's count and pages may be kept: the cache and whose rows they cover. */
export type CountScope = { counts: ListCounts; scope: string };

/** Entries by scope (a user's id or EVERY_USER), then by key; `size` counts what the bound counts. */
class Scoped<E> {
  readonly scopes = new Map<string, Map<string, E>>();
  size = 0;

  constructor(
    private readonly max: number,
    private readonly weight: (entry: E) => number,
  ) {}

  get(scope: string, key: string, now: number, until: (entry: E) => number): E | null {
    const entries = this.scopes.get(scope);
    const entry = entries?.get(key);
    if (!entries || !entry) return null;
    if (until(entry) <= now) {
      entries.delete(key);
      this.size -= this.weight(entry);
      return null;
    }
    return entry;
  }

  set(scope: string, key: string, entry: E) {
    const weight = this.weight(entry);
    if (weight > this.max) return;
    while (this.size + weight > this.max) {
      const oldest = this.scopes.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
    const entries = this.scopes.get(scope) ?? new Map<string, E>();
    const replaced = entries.get(key);
    if (replaced) this.size -= this.weight(replaced);
    entries.set(key, entry);
    this.size += weight;
    this.scopes.set(scope, entries);
  }

  drop(scope: string) {
    for (const entry of this.scopes.get(scope)?.values() ?? []) this.size -= this.weight(entry);
    this.scopes.delete(scope);
  }

  clear() {
    this.scopes.clear();
    this.size = 0;
  }
}

/**
 * Capped counts and whole pages of recent list answers (issue 17). A page turn needs only its own
 * rows (counting a thousand matching rows was two thirds of a list's cost at 100,000 service
 * points), and the same page asked again needs no query at all (the page query itself, ~1 ms of
 * PostgreSQL or several of PGlite's one thread, was what remained). Both are keyed by the query
 * that made them (its tables, conditions and values; a page also by its columns, order and window)
 * and kept until the database announces a change to the rows of its user (LIST_CHANGES_CHANNEL):
 * at once in this process, before the write that caused it resolves; in the others when the
 * notification arrives (InvalidatedCache).
 */
export class ListCounts extends InvalidatedCache {
  private readonly counts = new Scoped<CountEntry>(MAX_COUNTS, () => 1);
  private readonly pages = new Scoped<PageEntry>(MAX_PAGE_ROWS, (entry) =>
    Math.max(1, entry.page.data.length),
  );
  /** Page reads under way, by scope and key (`shared`). */
  private readonly reading = new Map<string, Map<string, Promise<Page<unknown>>>>();

  constructor(
    db: Database,
    private readonly now: () => number = Date.now,
  ) {
    super(db, LIST_CHANGES_CHANNEL);
  }

  /** The count of a page whose own count would read up to `cap` + 1 rows, when a kept one tells it. */
  get(scope: string, key: string, cap: number): PageCount | null {
    const entry = this.counts.get(scope, key, this.now(), (found) => found.until);
    if (!entry) return null;
    // An exact total answers any page; "more than cap" answers pages whose cap is no larger.
    if (entry.rows <= entry.cap)
      return entry.rows > cap ? { count: cap, count_capped: true } : { count: entry.rows };
    return cap <= entry.cap ? { count: cap, count_capped: true } : null;
  }

  /** Keeps a count (`rows` read with a limit of `cap` + 1), unless anything changed since `mark`. */
  keep(scope: string, key: string, rows: number, cap: number, mark: number) {
    if (!this.mayKeep(mark)) return;
    this.counts.set(scope, key, { rows, cap, until: this.now() + LIST_COUNT_TTL_MS });
  }

  /** A whole answer kept for this page of this query, or null. Its items are shared: never mutate them. */
  page<T>(scope: string, key: string): Page<T> | null {
    const entry = this.pages.get(scope, key, this.now(), (found) => found.until);
    return entry ? { ...(entry.page as Page<T>) } : null;
  }

  /**
   * The read of this page already under way, or `read()` started now and shared with whoever asks
   * the same page before it ends: fifty requests for a page whose kept answer just expired send
   * one query, not fifty. A change drops the reads under way for its users, so what is asked after
   * it reads again.
   */
  shared<T>(scope: string, key: string, read: () => Promise<Page<T>>): Promise<Page<T>> {
    const reads = this.reading.get(scope) ?? new Map<string, Promise<Page<unknown>>>();
    const under = reads.get(key) as Promise<Page<T>> | undefined;
    if (under) return under.then((page) => ({ ...page }));
    const started = read().finally(() => {
      if (reads.get(key) === started) reads.delete(key);
      if (reads.size === 0 && this.reading.get(scope) === reads) this.reading.delete(scope);
    });
    reads.set(key, started);
    this.reading.set(scope, reads);
    return started;
  }

  /** Keeps a whole answer, unless anything changed since `mark` (taken before its first query). */
  keepPage<T>(scope: string, key: string, page: Page<T>, mark: number) {
    if (!this.mayKeep(mark)) return;
    this.pages.set(scope, key, { page, until: this.now() + LIST_COUNT_TTL_MS });
  }

  /** A change to a user's rows changes their lists and those over every user's rows. */
  protected drop(userId: string) {
    for (const kept of [this.counts, this.pages]) {
      kept.drop(userId);
      kept.drop(EVERY_USER);
    }
    this.reading.delete(userId);
    this.reading.delete(EVERY_USER);
  }

  protected clear() {
    this.counts.clear();
    this.pages.clear();
    this.reading.clear();
  }
}

/** A ListCounts that listens while `app` runs (from its onReady to its onClose). */
export function listCountsFor(app: FastifyInstance, db: Database): ListCounts {
  const counts = new ListCounts(db);
  app.addHook('onReady', () => counts.start());
  app.addHook('onClose', () => counts.stop());
  return counts;
}

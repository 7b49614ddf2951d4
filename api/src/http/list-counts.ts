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
/**
 * Bytes of kept answers at most, about 5 MB (a page of 500 service points is ~300,000); the oldest
 * scope leaves first.
 */
const MAX_ANSWER_BYTES = 5_000_000;
/** Ids of kept list orders at most, in all (~40 bytes each: 8 MB); the oldest scope leaves first. */
const MAX_ORDER_IDS = 200_000;
/**
 * Rows of one list's kept order at most: a longer list keeps its first MAX_KEPT_ORDER + 1 ids
 * (the last one tells that more follow), and pages past them read with OFFSET.
 */
export const MAX_KEPT_ORDER = 100_000;
/** The scope of counts over every user's rows (the superuser's lists): anyone's change drops them. */
export const EVERY_USER = '*';

type CountEntry = { rows: number; cap: number; until: number };
type AnswerEntry = { json: Buffer; until: number };
type OrderEntry = { ids: readonly string[]; until: number };
/** What is being made, by scope and key, shared by whoever asks the same meanwhile. */
type Making<T> = Map<string, Map<string, Promise<T>>>;

/** Where a list's count and answers may be kept: the cache and whose rows they cover. */
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
 * Capped counts and the JSON of recent list answers (issue 17). A page turn needs only its own
 * rows (counting a thousand matching rows was two thirds of a list's cost at 100,000 service
 * points), and the same page asked again needs no query, no validation and no serialisation: its
 * answer is sent as it was (`sendPage`). A count is keyed by the query that made it (its tables,
 * conditions and values), an answer by its route and validated query; both are kept until the
 * database announces a change to the rows of their scope (LIST_CHANGES_CHANNEL): at once in this
 * process, before the write that caused it resolves; in the others when the notification arrives
 * (InvalidatedCache).
 */
export class ListCounts extends InvalidatedCache {
  private readonly counts = new Scoped<CountEntry>(MAX_COUNTS, () => 1);
  private readonly answers = new Scoped<AnswerEntry>(MAX_ANSWER_BYTES, (entry) => entry.json.byteLength);
  private readonly orders = new Scoped<OrderEntry>(MAX_ORDER_IDS, (entry) => entry.ids.length);
  /** Answers and orders being made (`shared`, `sharedOrder`). */
  private readonly making: Making<Buffer> = new Map();
  private readonly makingOrders: Making<readonly string[]> = new Map();

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

  /** The JSON kept for this answer (UTF-8, as sent), or null. */
  answer(scope: string, key: string): Buffer | null {
    return this.answers.get(scope, key, this.now(), (found) => found.until)?.json ?? null;
  }

  /**
   * The answer already being made for this key, or `make()` started now and shared with whoever
   * asks the same before it ends: fifty requests for a page whose kept answer just expired send
   * one query, not fifty. A change drops what is being made for its users, so what is asked after
   * it reads again.
   */
  shared(scope: string, key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    return share(this.making, scope, key, make);
  }

  /** Keeps an answer's JSON, unless anything changed since `mark` (taken before its first query). */
  keepAnswer(scope: string, key: string, json: Buffer, mark: number) {
    if (!this.mayKeep(mark)) return;
    this.answers.set(scope, key, { json, until: this.now() + LIST_COUNT_TTL_MS });
  }

  /**
   * The ids of a list's rows in its order, kept for `key` (its filter and order), or null: a page
   * deep in the list is then its slice, read by primary key, instead of an OFFSET that walks
   * every row before it (issue 17).
   */
  order(scope: string, key: string): readonly string[] | null {
    return this.orders.get(scope, key, this.now(), (found) => found.until)?.ids ?? null;
  }

  /** As `shared`, for a list's order: deep pages asked at once read it once. */
  sharedOrder(
    scope: string,
    key: string,
    make: () => Promise<readonly string[]>,
  ): Promise<readonly string[]> {
    return share(this.makingOrders, scope, key, make);
  }

  /** Keeps a list's order, unless anything changed since `mark` (taken before its query). */
  keepOrder(scope: string, key: string, ids: readonly string[], mark: number) {
    if (!this.mayKeep(mark)) return;
    this.orders.set(scope, key, { ids, until: this.now() + LIST_COUNT_TTL_MS });
  }

  /** A change to a user's rows changes their lists and those over every user's rows. */
  protected drop(userId: string) {
    for (const kept of [this.counts, this.answers, this.orders]) {
      kept.drop(userId);
      kept.drop(EVERY_USER);
    }
    for (const making of [this.making, this.makingOrders]) {
      making.delete(userId);
      making.delete(EVERY_USER);
    }
  }

  protected clear() {
    for (const kept of [this.counts, this.answers, this.orders]) kept.clear();
    this.making.clear();
    this.makingOrders.clear();
  }
}

/**
 * What is being made for this key, or `make()` started now and shared with whoever asks the same
 * before it ends. A change drops what is being made for its users, so what is asked after it
 * reads again.
 */
function share<T>(making: Making<T>, scope: string, key: string, make: () => Promise<T>): Promise<T> {
  const made = making.get(scope) ?? new Map<string, Promise<T>>();
  const under = made.get(key);
  if (under) return under;
  const started = make().finally(() => {
    if (made.get(key) === started) made.delete(key);
    if (made.size === 0 && making.get(scope) === made) making.delete(scope);
  });
  made.set(key, started);
  making.set(scope, made);
  return started;
}

/** A ListCounts that listens while `app` runs (from its onReady to its onClose). */
export function listCountsFor(app: FastifyInstance, db: Database): ListCounts {
  const counts = new ListCounts(db);
  app.addHook('onReady', () => counts.start());
  app.addHook('onClose', () => counts.stop());
  return counts;
}

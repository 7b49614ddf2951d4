import type { Page, PageQuery } from '@luz/shared/contract';
import type { Conditions } from '../db/conditions';
import type { Queryable, Row } from '../db/database';
import { type CountScope, MAX_KEPT_ORDER } from './list-counts';

/** LIMIT/OFFSET of a page (`page` counts from 1). */
export function pageWindow({ page, page_size }: PageQuery): { limit: number; offset: number } {
  return { limit: page_size, offset: (page - 1) * page_size };
}

/** An ILIKE pattern for "contains `text`", with the pattern characters in `text` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * Lists count in steps of this many rows: a count stops at the first multiple of it past the end
 * of the page shown, and says "more than that" (`count_capped`) when rows remain. Counting every
 * matching row read the whole table on every page turn (issue 17); this way a count reads at most
 * a thousand rows past the page, whatever the table holds.
 */
export const COUNT_STEP = 1_000;

/** How far the count of this page goes: 1,000 on the first pages, 2,000 from row 1,000 on… */
export function countCap(page: PageQuery): number {
  const { limit, offset } = pageWindow(page);
  return (Math.floor((offset + limit) / COUNT_STEP) + 1) * COUNT_STEP;
}

export type PageCount = Pick<Page<unknown>, 'count' | 'count_capped'>;

/**
 * The count of `{data, count}` for one page, reading at most `countCap(page)` + 1 rows. A page
 * that is neither empty nor full tells the total by itself, and then nothing is counted.
 */
export async function countPage(
  db: Queryable,
  query: { from: string; where: string; values: readonly unknown[] },
  page: PageQuery,
  rowsOnPage: number,
): Promise<PageCount> {
  const { limit, offset } = pageWindow(page);
  if (rowsOnPage > 0 && rowsOnPage < limit) return { count: offset + rowsOnPage };
  const cap = countCap(page);
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM (
       SELECT 1 FROM ${query.from} ${query.where} LIMIT $${query.values.length + 1}
     ) AS capped`,
    [...query.values, cap + 1],
  );
  const count = rows[0]?.count ?? 0;
  return count > cap ? { count: cap, count_capped: true } : { count };
}

/**
 * The capped count as a column of the page's own query, so that a page and its count cost one
 * round trip: an uncorrelated subquery, which PostgreSQL runs once (an InitPlan). `capParam` is
 * the placeholder of `countCap(page) + 1`.
 */
export function countColumn(query: { from: string; where: string }, capParam: string): string {
  return `(SELECT count(*)::int FROM (SELECT 1 FROM ${query.from} ${query.where} LIMIT ${capParam}) AS capped) AS full_count`;
}

/** The count of a page read with `countColumn`; a page past the end has no row to carry it. */
export async function pageCount(
  db: Queryable,
  query: { from: string; where: string; values: readonly unknown[] },
  page: PageQuery,
  rows: readonly { full_count: number }[],
): Promise<PageCount> {
  const first = rows[0];
  if (!first) return countPage(db, query, page, 0);
  const cap = countCap(page);
  return first.full_count > cap ? { count: cap, count_capped: true } : { count: first.full_count };
}

/** Rows before a page from which, with `kept` and an `id`, the page is read through the list's kept order. */
export const DEEP_PAGE_OFFSET = 500;

type ListQuery = {
  columns: string;
  from: string;
  countFrom?: string;
  where: Conditions;
  orderBy: string;
  /** The rows' primary key (a uuid), for pages read through the kept order. */
  id?: string;
};

/**
 * One page of a list and how many rows match (capped, see `countPage`), in one query: the
 * `{data, count}` of the list endpoints. The page and its count share `where` (and `from`, unless
 * `countFrom` names fewer tables that give the same rows), so they never disagree. With `kept`, a
 * count kept from a recent page of the same query answers this page's, whose query then reads the
 * page alone (`ListCounts`; the same page asked again is answered before this, by `sendPage`);
 * a page DEEP_PAGE_OFFSET rows or more into the list is a slice of the list's kept order.
 */
export async function selectPage<R extends Row, T>(
  db: Queryable,
  query: ListQuery,
  page: PageQuery,
  toItem: (row: R) => T,
  kept?: CountScope,
): Promise<Page<T>> {
  const { limit, offset } = pageWindow(page);
  const { values } = query.where;
  const where = query.where.where();
  const counting = { from: query.countFrom ?? query.from, where };
  const n = values.length;
  const cap = countCap(page);
  if (kept && query.id && offset >= DEEP_PAGE_OFFSET) {
    const deep = await deepPage<R>(db, { ...query, id: query.id }, page, kept);
    if (deep) return { data: deep.rows.map(toItem), ...deep.count };
  }
  const key = `${counting.from}\n${where}\n${JSON.stringify(values)}`;
  // Taken before the first query: a change announced meanwhile keeps no count.
  const mark = kept ? kept.counts.mark() : 0;
  const known = kept ? kept.counts.get(kept.scope, key, cap) : null;
  if (known) {
    const { rows } = await db.query<R>(
      `SELECT ${query.columns} FROM ${query.from} ${where}
       ORDER BY ${query.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...values, limit, offset],
    );
    // A page neither empty nor full tells its total itself, newer than any kept count.
    const counted = rows.length > 0 && rows.length < limit ? { count: offset + rows.length } : known;
    return { data: rows.map(toItem), ...counted };
  }
  const { rows } = await db.query<R & { full_count: number }>(
    `SELECT ${query.columns}, ${countColumn(counting, `$${n + 3}`)}
     FROM ${query.from} ${where}
     ORDER BY ${query.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...values, limit, offset, cap + 1],
  );
  const first = rows[0];
  if (kept && first) kept.counts.keep(kept.scope, key, first.full_count, cap, mark);
  const counted = await pageCount(db, { ...counting, values }, page, rows);
  return { data: rows.map(toItem), ...counted };
}

/**
 * A page deep in a list as a slice of the list's order (its rows' ids, up to MAX_KEPT_ORDER + 1),
 * read once and kept like its count: the page is then read by primary key, where an OFFSET walked
 * and filtered every row before it (issue 17: page 100 of a filtered list of 100,000 service
 * points cost 30–80 ms on PGlite, and an empty page past the end sorted the whole list). Null when
 * the page lies past what the kept order holds (a list longer than MAX_KEPT_ORDER).
 */
async function deepPage<R extends Row>(
  db: Queryable,
  query: ListQuery & { id: string },
  page: PageQuery,
  { counts, scope }: CountScope,
): Promise<{ rows: R[]; count: PageCount } | null> {
  const { limit, offset } = pageWindow(page);
  const { values } = query.where;
  const where = query.where.where();
  // The fewer tables that give the same rows, as the count reads them.
  const from = query.countFrom ?? query.from;
  const key = `${from}\n${where}\n${JSON.stringify(values)}\n${query.orderBy}`;
  const order =
    counts.order(scope, key) ??
    (await counts.sharedOrder(scope, key, async () => {
      const mark = counts.mark();
      const { rows } = await db.query<{ id: string }>(
        `SELECT ${query.id} AS id FROM ${from} ${where}
         ORDER BY ${query.orderBy} LIMIT $${values.length + 1}`,
        [...values, MAX_KEPT_ORDER + 1],
      );
      const ids = rows.map((row) => row.id);
      counts.keepOrder(scope, key, ids, mark);
      return ids;
    }));
  const cap = countCap(page);
  // A complete order knows the total; a longer list is known to pass any cap up to its length.
  const complete = order.length <= MAX_KEPT_ORDER;
  if (!complete && cap >= order.length) return null;
  const ids = order.slice(offset, offset + limit);
  const rows =
    ids.length === 0
      ? []
      : (
          await db.query<R>(
            `SELECT ${query.columns} FROM ${query.from} WHERE ${query.id} = ANY($1::uuid[]) ORDER BY ${query.orderBy}`,
            [ids],
          )
        ).rows;
  const count: PageCount =
    !complete || order.length > cap ? { count: cap, count_capped: true } : { count: order.length };
  return { rows, count };
}

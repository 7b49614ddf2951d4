import type { PageQuery } from '@luz/shared/contract';
import type { Conditions } from '../db/conditions';
import type { Queryable, Row } from '../db/database';

/** LIMIT/OFFSET of a page (`page` counts from 1). */
export function pageWindow({ page, page_size }: PageQuery): { limit: number; offset: number } {
  return { limit: page_size, offset: (page - 1) * page_size };
}

/** An ILIKE pattern for "contains `text`", with the pattern characters in `text` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * One page of a list and how many rows match in all: the `{data, count}` of the list endpoints.
 * Both queries share `from` and `where`, so the page and its total never disagree.
 */
export async function selectPage<R extends Row, T>(
  db: Queryable,
  query: { columns: string; from: string; where: Conditions; orderBy: string },
  page: PageQuery,
  toItem: (row: R) => T,
): Promise<{ data: T[]; count: number }> {
  const { limit, offset } = pageWindow(page);
  const { values } = query.where;
  const where = query.where.where();
  const { rows } = await db.query<R>(
    `SELECT ${query.columns} FROM ${query.from} ${where}
     ORDER BY ${query.orderBy} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, limit, offset],
  );
  const total = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM ${query.from} ${where}`,
    values,
  );
  return { data: rows.map(toItem), count: total.rows[0]?.count ?? 0 };
}

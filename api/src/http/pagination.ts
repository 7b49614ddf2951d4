import type { PageQuery } from '@luz/shared/contract';

/** LIMIT/OFFSET of a page (`page` counts from 1). */
export function pageWindow({ page, page_size }: PageQuery): { limit: number; offset: number } {
  return { limit: page_size, offset: (page - 1) * page_size };
}

/** An ILIKE pattern for "contains `text`", with the pattern characters in `text` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

import type { ReactNode } from 'react';
import { awaitingRows, type RowsQuery } from '../query/awaiting-rows';
import { SearchPagination } from './pagination';
import { QueryErrorAlert } from './query-error-alert';
import { DataTable, type DataTableProps } from './table';

/** What the table reads of a query for one page of a list (a TanStack Query result fits). */
type PageQuery<T> = RowsQuery & {
  data: { data: T[]; count: number; count_capped?: boolean | undefined } | undefined;
  error: unknown;
  isError: boolean;
  refetch: () => unknown;
};

type Props<T> = Omit<DataTableProps<T>, 'rows' | 'loading' | 'failed'> & {
  query: PageQuery<T>;
  search: { page: number; pageSize: number };
  setSearch: (patch: { page?: number; pageSize?: number }) => void;
  /** What could not be loaded, said before the reason. */
  errorPrefix?: ReactNode;
};

/**
 * One page of a list read by a query: why it failed (with a retry), its rows, and the pagination
 * kept in the URL. The pagination comes with the first rows: drawn before them, it would be pushed
 * down (or pulled up) when they arrive.
 */
export function PagedQueryTable<T>({ query, search, setSearch, errorPrefix, ...table }: Props<T>) {
  return (
    <>
      {query.isError ? (
        <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} prefix={errorPrefix} />
      ) : null}
      <DataTable
        {...table}
        rows={query.data?.data ?? []}
        loading={awaitingRows(query)}
        failed={query.isError}
        skeletonRows={search.pageSize}
      />
      {query.data ? (
        <SearchPagination
          search={search}
          setSearch={setSearch}
          count={query.data.count}
          countCapped={query.data.count_capped}
        />
      ) : null}
    </>
  );
}

import { Button } from '@luz/shared/core';
import { es } from '@luz/shared/text';
import { useId } from 'react';
import styled from 'styled-components';
import { pageSizePreference } from '../search/page-size-preference';

export const pageSizeOptions = [10, 25, 50, 100] as const;

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  justify-content: space-between;
  margin-top: ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
  select {
    background: ${({ theme }) => theme.color.surface};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: 8px;
    padding: 4px 8px;
  }
`;

const Group = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
`;

type Props = {
  page: number;
  pageSize: number;
  count: number;
  /** The list holds more than `count` rows (its count stopped there, `count_capped`). */
  countCapped?: boolean;
  onPageChange: (page: number) => void;
  /** Without it the page size is fixed and its selector is not shown. */
  onPageSizeChange?: (pageSize: number) => void;
};

export function Pagination({
  page,
  pageSize,
  count,
  countCapped = false,
  onPageChange,
  onPageSizeChange,
}: Props) {
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const from = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(count, page * pageSize);
  const sizes = pageSizeOptions.includes(pageSize as (typeof pageSizeOptions)[number])
    ? pageSizeOptions
    : [...pageSizeOptions, pageSize].sort((a, b) => a - b);
  return (
    <Bar aria-label={es.pagination.label}>
      <Group>
        {onPageSizeChange ? (
          <>
            <label htmlFor={sizeId}>{es.pagination.pageSize}</label>
            <select
              id={sizeId}
              value={pageSize}
              onChange={(event) => onPageSizeChange(Number(event.target.value))}
            >
              {sizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <span aria-live="polite">{es.pagination.range(from, to, count, countCapped)}</span>
      </Group>
      <Group>
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          {es.pagination.previous}
        </Button>
        <span>{es.pagination.page(page, pages, countCapped)}</span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onPageChange(page + 1)}
          disabled={page >= pages && !countCapped}
        >
          {es.pagination.next}
        </Button>
      </Group>
    </Bar>
  );
}

/**
 * Pagination of a list whose page and page size live in the URL (`useSearchState`). A page size
 * chosen here also becomes the stored preference, the default of every list (spec §2).
 */
export function SearchPagination({
  search,
  setSearch,
  count,
  countCapped,
}: {
  search: { page: number; pageSize: number };
  setSearch: (patch: { page?: number; pageSize?: number }) => void;
  count: number;
  countCapped?: boolean | undefined;
}) {
  return (
    <Pagination
      page={search.page}
      pageSize={search.pageSize}
      count={count}
      countCapped={countCapped}
      onPageChange={(page) => setSearch({ page })}
      onPageSizeChange={(pageSize) => {
        pageSizePreference.set(pageSize);
        setSearch({ pageSize, page: 1 });
      }}
    />
  );
}

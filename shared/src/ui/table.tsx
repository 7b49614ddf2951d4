import { Spinner, VisuallyHidden } from '@luz/shared/core';
import { es } from '@luz/shared/text';
import type { ReactNode } from 'react';
import styled from 'styled-components';

export type Column<T> = {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: string;
};

export type Selection = {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
};

const Scroll = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  position: relative;
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};
  th, td {
    padding: ${({ theme }) => `${theme.space(2.5)} ${theme.space(3)}`};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    text-align: left;
    vertical-align: middle;
  }
  th {
    font-weight: 600;
    color: ${({ theme }) => theme.color.textMuted};
    background: ${({ theme }) => theme.color.surfaceRaised};
    // Headers may break between words: the browser does so only when the table is wider than its
    // frame, and the columns (with the row actions at the end) fit before the frame scrolls sideways.
    // Which header breaks depends on the rows' content, so the row has room for two lines from the
    // start: the header does not grow, pushing the rows down, when the first rows arrive.
    height: calc(2lh + ${({ theme }) => theme.space(5)});
    vertical-align: bottom;
  }
  tbody tr:last-child td { border-bottom: none; }
  tbody tr[aria-selected='true'] { background: ${({ theme }) => `${theme.color.primary}14`}; }
  input[type='checkbox'] { width: 16px; height: 16px; accent-color: ${({ theme }) => theme.color.primary}; cursor: pointer; }
`;

/** A placeholder cell as tall as a line of a real row's text. */
const SkeletonBar = styled.span`
  display: block;
  height: 1.25rem;
  width: 70%;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.border};
  opacity: 0.5;
`;

/** More placeholder rows than this would reach below any screen: what is below them is not in view to move. */
const MAX_SKELETON_ROWS = 20;

const LoadingOverlay = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  background: ${({ theme }) => `${theme.color.surface}aa`};
  color: ${({ theme }) => theme.color.primary};
`;

export type DataTableProps<T> = {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  getRowId: (row: T) => string;
  /** The rows shown are not yet the answer (`awaitingRows`): covered, and placeholders when there are none. */
  loading?: boolean;
  empty?: ReactNode;
  selection?: Selection;
  rowLabel?: (row: T) => string;
  /** The rows could not be loaded: the body does not claim there is nothing (the screen says why). */
  failed?: boolean;
  /**
   * Placeholder rows while the first rows load (the page size): the table is as tall before the
   * rows arrive as after, so what is below it does not move.
   */
  skeletonRows?: number;
};

/** A data table with optional row selection; the caption names it for screen readers. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  getRowId,
  loading = false,
  empty,
  selection,
  rowLabel,
  failed = false,
  skeletonRows = 5,
}: DataTableProps<T>) {
  const ids = rows.map(getRowId);
  const selectedOnPage = ids.filter((id) => selection?.selected.has(id)).length;
  const allSelected = ids.length > 0 && selectedOnPage === ids.length;

  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const id of ids) {
      if (allSelected) next.delete(id);
      else next.add(id);
    }
    selection.onChange(next);
  };

  const toggle = (id: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };

  return (
    <Scroll aria-busy={loading || undefined}>
      <StyledTable>
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            {selection ? (
              <th style={{ width: 40 }}>
                <input
                  type="checkbox"
                  aria-label={es.table.selectAll}
                  checked={allSelected}
                  ref={(input) => {
                    if (input) input.indeterminate = selectedOnPage > 0 && !allSelected;
                  }}
                  onChange={toggleAll}
                  disabled={ids.length === 0}
                />
              </th>
            ) : null}
            {columns.map((column) => (
              <th
                key={column.key}
                style={{ textAlign: column.align ?? 'left', width: column.width }}
                scope="col"
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const id = getRowId(row);
            const isSelected = selection?.selected.has(id) ?? false;
            return (
              <tr key={id} aria-selected={selection ? isSelected : undefined}>
                {selection ? (
                  <td>
                    <input
                      type="checkbox"
                      aria-label={es.table.selectRow(rowLabel ? rowLabel(row) : id)}
                      checked={isSelected}
                      onChange={() => toggle(id)}
                    />
                  </td>
                ) : null}
                {columns.map((column) => (
                  <td key={column.key} style={{ textAlign: column.align ?? 'left' }}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            );
          })}
          {rows.length === 0 && !loading && !failed ? (
            <tr>
              <td colSpan={columns.length + (selection ? 1 : 0)}>{empty ?? es.common.empty}</td>
            </tr>
          ) : null}
          {rows.length === 0 && loading
            ? Array.from({ length: Math.min(skeletonRows, MAX_SKELETON_ROWS) }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <tr key={index}>
                  {selection ? <td /> : null}
                  {columns.map((column) => (
                    <td key={column.key}>
                      <SkeletonBar aria-hidden="true" />
                    </td>
                  ))}
                </tr>
              ))
            : null}
        </tbody>
      </StyledTable>
      {loading ? (
        <LoadingOverlay>
          <Spinner size={28} />
        </LoadingOverlay>
      ) : null}
    </Scroll>
  );
}

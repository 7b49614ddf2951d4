import {
  Badge,
  Button,
  type Column,
  DataTable,
  es,
  formatMoney,
  Row,
  type RpuImportResult,
  rpuCsvHeaders,
  rpuImportOutcomeLabel,
  Stack,
} from '@luz/shared';
import { type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { rpusText } from '../text';
import type { DroppedRow, ImportPreview, ImportPreviewRow } from './import-rows';

const text = rpusText.import;
/** Rows shown at once: a 10,000-row file is paged, never rendered whole. */
export const PREVIEW_PAGE_SIZE = 50;

const Note = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.warning};
`;

const Section = styled.section`
  h3 { margin: 0 0 ${({ theme }) => theme.space(2)}; font-size: ${({ theme }) => theme.font.size.lg}; }
`;

/** A table of many rows, PREVIEW_PAGE_SIZE at a time. */
function PagedTable<T>({
  caption,
  columns,
  rows,
  getRowId,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  getRowId: (row: T) => string;
}) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / PREVIEW_PAGE_SIZE));
  const shown = rows.slice(page * PREVIEW_PAGE_SIZE, (page + 1) * PREVIEW_PAGE_SIZE);
  return (
    <Stack $gap={2}>
      <DataTable caption={caption} columns={columns} rows={shown} getRowId={getRowId} />
      {pages > 1 ? (
        <Row $justify="space-between">
          <span>{text.moreRows(shown.length, rows.length)}</span>
          <Row $gap={2}>
            <Button size="sm" variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
              {text.previousPage}
            </Button>
            <span>{es.pagination.page(page + 1, pages)}</span>
            <Button
              size="sm"
              variant="secondary"
              disabled={page + 1 >= pages}
              onClick={() => setPage(page + 1)}
            >
              {text.nextPage}
            </Button>
          </Row>
        </Row>
      ) : null}
    </Stack>
  );
}

const lineColumn = <T extends { line: number }>(): Column<T> => ({
  key: 'line',
  header: text.line,
  render: (row) => row.line,
  width: '64px',
});

const withNote = (value: ReactNode, note: string | undefined) => (
  <>
    {value}
    {note ? <Note>{note}</Note> : null}
  </>
);

const previewColumns: Column<ImportPreviewRow>[] = [
  lineColumn(),
  {
    key: 'service_number',
    header: rpusText.columns.serviceNumber,
    render: (row) => withNote(row.service_number, row.__warnings.service_number),
  },
  {
    key: 'alias',
    header: rpusText.columns.alias,
    render: (row) => withNote(row.alias || '—', row.__warnings.alias),
  },
  {
    key: 'cfe_user',
    header: rpuCsvHeaders.cfeUser,
    render: (row) => row.cfe_user || rpusText.noCredential,
  },
  {
    key: 'last_payment',
    header: rpuCsvHeaders.lastPayment,
    render: (row) =>
      withNote(row.last_payment === null ? '—' : formatMoney(row.last_payment), row.__warnings.last_payment),
  },
  {
    key: 'holder_name',
    header: rpuCsvHeaders.holderName,
    render: (row) => withNote(row.holder_name ?? '—', row.__warnings.holder_name),
  },
];

const droppedColumns: Column<DroppedRow>[] = [
  lineColumn(),
  {
    key: 'service_number',
    header: rpusText.columns.serviceNumber,
    render: (row) => row.service_number || '—',
  },
  { key: 'alias', header: rpusText.columns.alias, render: (row) => row.alias || '—' },
  { key: 'reason', header: text.reason, render: (row) => row.reason },
];

/** What the file gives: the rows to import and, before confirming, the rows dropped with their reason (spec §3). */
export function ImportPreviewTables({ preview }: { preview: ImportPreview }) {
  return (
    <Stack>
      {preview.dropped.length > 0 ? (
        <Section aria-labelledby="import-dropped">
          <h3 id="import-dropped">{text.droppedTitle(preview.dropped.length)}</h3>
          <PagedTable
            caption={text.droppedCaption}
            columns={droppedColumns}
            rows={preview.dropped}
            getRowId={(row) => String(row.line)}
          />
        </Section>
      ) : null}
      <Section aria-labelledby="import-kept">
        <h3 id="import-kept">{text.previewTitle(preview.rows.length)}</h3>
        {preview.rows.length > 0 ? (
          <PagedTable
            caption={text.previewCaption}
            columns={previewColumns}
            rows={preview.rows}
            getRowId={(row) => String(row.line)}
          />
        ) : (
          <p>{text.nothingToImport}</p>
        )}
      </Section>
    </Stack>
  );
}

const outcomeTone = { created: 'success', duplicate: 'warning', invalid: 'danger' } as const;

type ResultRow = RpuImportResult & { line: number };

const resultColumns: Column<ResultRow>[] = [
  lineColumn(),
  { key: 'service_number', header: rpusText.columns.serviceNumber, render: (row) => row.service_number },
  {
    key: 'outcome',
    header: text.outcome,
    render: (row) => <Badge $tone={outcomeTone[row.outcome]}>{rpuImportOutcomeLabel(row.outcome)}</Badge>,
  },
  { key: 'reason', header: text.reason, render: (row) => row.reason ?? '' },
];

/** The API's answer for every imported row, placed on the file's lines. */
export function ImportResultTable({
  results,
  rows,
}: {
  results: RpuImportResult[];
  rows: ImportPreviewRow[];
}) {
  const withLines = results.map((result) => ({ ...result, line: rows[result.row]?.line ?? result.row + 2 }));
  return (
    <PagedTable
      caption={text.resultCaption}
      columns={resultColumns}
      rows={withLines}
      getRowId={(row) => String(row.row)}
    />
  );
}

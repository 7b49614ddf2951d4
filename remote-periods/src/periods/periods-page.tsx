import {
  Alert,
  Button,
  type Column,
  DataTable,
  EmptyState,
  errorMessage,
  es,
  formatKwh,
  formatMoney,
  PageHeader,
  Pagination,
  type Period,
  type PeriodsSearch,
  pageSizePreference,
  parsePeriodsSearch,
  Row,
  safeFormatDate,
  useSearchState,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { downloadDocument, openPdf } from './open-document';
import { PeriodsActions } from './periods-actions';
import { PeriodsChart } from './periods-chart';
import { PeriodsFilters } from './periods-filters';
import { chosenFilterBy, periodsFiltersFromSearch } from './search-query';
import {
  toastError,
  useCredentials,
  usePeriodsPage,
  usePeriodsSeries,
  useServicePoints,
} from './use-periods';

const text = es.periods;

const ServiceNumber = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
  white-space: nowrap;
  display: block;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

const Section = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const periodText = (period: Period) =>
  text.periodRange(safeFormatDate(period.initial_date), safeFormatDate(period.final_date));

/** The name a document gets when the browser saves it instead of showing it. */
const documentName = (period: Period, kind: 'pdf' | 'xml') =>
  `${period.service_number}_${period.initial_date}_${period.final_date}.${kind}`;

/** /periods: the billing periods with their filters in the URL, the chart, the table and the downloads. */
export function PeriodsPage() {
  const [search, setSearchState] = useSearchState(parsePeriodsSearch);
  // A filter chosen but still missing its id stays chosen while other parameters change.
  const setSearch = useCallback(
    (patch: Partial<PeriodsSearch>, options?: { replace?: boolean }) =>
      setSearchState({ filterBy: chosenFilterBy(search), ...patch }, options),
    [search, setSearchState],
  );
  const filters = periodsFiltersFromSearch(search);
  const periods = usePeriodsPage(filters, search);
  const series = usePeriodsSeries(filters);
  const filterBy = chosenFilterBy(search);
  const servicePoints = useServicePoints(filterBy === 'rpu');
  const credentials = useCredentials(filterBy === 'credential');

  // The selection survives paging, not a change of filters.
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const filtersKey = JSON.stringify(filters);
  const lastFilters = useRef(filtersKey);
  useEffect(() => {
    if (lastFilters.current === filtersKey) return;
    lastFilters.current = filtersKey;
    setSelected(new Set());
  }, [filtersKey]);

  const open = useMutation({
    mutationFn: (period: Period) => openPdf(period.pdf_file_name as string, documentName(period, 'pdf')),
    onError: toastError,
  });
  const xml = useMutation({
    mutationFn: (period: Period) =>
      downloadDocument(period.xml_file_name as string, documentName(period, 'xml')),
    onError: toastError,
  });

  const columns = useMemo<Column<Period>[]>(
    () => [
      {
        key: 'service',
        header: text.columns.service,
        render: (period) => (
          <>
            <ServiceNumber>{period.service_number}</ServiceNumber>
            <Muted>{period.alias || text.noAlias}</Muted>
          </>
        ),
      },
      { key: 'period', header: text.columns.period, render: periodText },
      { key: 'tariff', header: text.columns.tariff, render: (period) => period.tariff || '—' },
      {
        key: 'consumption',
        header: text.columns.consumption,
        align: 'right',
        render: (period) => formatKwh(period.consumption_kwh),
      },
      {
        key: 'amount',
        header: text.columns.amount,
        align: 'right',
        render: (period) => formatMoney(period.amount),
      },
      {
        key: 'documents',
        header: text.columns.documents,
        render: (period) => (
          <Row $gap={2} $wrap={false}>
            {period.pdf_file_name ? (
              <Button
                size="sm"
                variant="secondary"
                aria-label={text.openPdfLabel(periodText(period))}
                loading={open.isPending && open.variables?.period_id === period.period_id}
                onClick={() => open.mutate(period)}
              >
                {text.openPdf}
              </Button>
            ) : null}
            {period.xml_file_name ? (
              <Button
                size="sm"
                variant="ghost"
                aria-label={text.downloadXmlLabel(periodText(period))}
                loading={xml.isPending && xml.variables?.period_id === period.period_id}
                onClick={() => xml.mutate(period)}
              >
                {text.downloadXml}
              </Button>
            ) : null}
            {!period.pdf_file_name && !period.xml_file_name ? <Muted>{text.noDocument}</Muted> : null}
          </Row>
        ),
      },
    ],
    [open, xml],
  );

  const total = periods.data?.count ?? 0;
  // A page past the end (after deleting its rows, or from an old link) goes to the last page.
  const lastPage = Math.max(1, Math.ceil(total / search.pageSize));
  useEffect(() => {
    if (periods.data && search.page > lastPage) setSearch({ page: lastPage }, { replace: true });
  }, [periods.data, search.page, lastPage, setSearch]);
  const filtered = filtersKey !== '{}';
  const nothingYet = !periods.isPending && !periods.isError && total === 0 && !filtered;

  return (
    <>
      <PageHeader title={text.title} subtitle={text.subtitle} />
      <PeriodsFilters
        search={search}
        setSearch={setSearch}
        servicePoints={servicePoints.data ?? []}
        credentials={credentials.data ?? []}
        loadingOptions={servicePoints.isLoading || credentials.isLoading}
      />
      {periods.isError ? (
        <Alert tone="danger">
          {text.loadError} {errorMessage(periods.error)}
        </Alert>
      ) : null}
      {nothingYet ? (
        <EmptyState
          title={text.empty.title}
          message={text.empty.message}
          action={<Link to="/downloads">{text.empty.goToDownloads}</Link>}
        />
      ) : (
        <>
          <Section>
            <PeriodsChart
              points={series.data?.points ?? []}
              loading={series.isFetching}
              error={series.isError}
            />
          </Section>
          <PeriodsActions
            filters={filters}
            selectedIds={[...selected]}
            total={total}
            onClearSelection={() => setSelected(new Set())}
          />
          <DataTable
            caption={text.caption}
            columns={columns}
            rows={periods.data?.data ?? []}
            getRowId={(period) => period.period_id}
            rowLabel={(period) =>
              text.rowLabel(
                period.service_number,
                safeFormatDate(period.initial_date),
                safeFormatDate(period.final_date),
              )
            }
            loading={periods.isFetching}
            empty={text.noResults}
            selection={{ selected, onChange: setSelected }}
          />
          <Pagination
            page={search.page}
            pageSize={search.pageSize}
            count={total}
            onPageChange={(page) => setSearch({ page })}
            onPageSizeChange={(pageSize) => {
              pageSizePreference.set(pageSize);
              setSearch({ pageSize, page: 1 });
            }}
          />
        </>
      )}
    </>
  );
}

import {
  awaitingRows,
  chosenFilterBy,
  DataTable,
  EmptyState,
  PageHeader,
  type PeriodsSearch,
  parsePeriodsSearch,
  QueryErrorAlert,
  SearchPagination,
  useListSelection,
  usePageInRange,
  useSearchState,
} from '@luz/shared';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { periodsText } from '../text';
import { periodRowLabel, usePeriodColumns } from './period-columns';
import { PeriodsActions } from './periods-actions';
import { PeriodsChart } from './periods-chart';
import { PeriodsFilters } from './periods-filters';
import { periodsFiltersFromSearch } from './search-query';
import { useCredentials, usePeriodsPage, usePeriodsSeries, useServicePoints } from './use-periods';

const text = periodsText;

const Section = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

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

  const filtersKey = JSON.stringify(filters);
  const [selected, setSelected] = useListSelection(filtersKey);

  const columns = usePeriodColumns();

  const total = periods.data?.count ?? 0;
  usePageInRange(
    search.page,
    search.pageSize,
    periods.data?.count,
    useCallback((page: number) => setSearch({ page }, { replace: true }), [setSearch]),
  );
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
        <QueryErrorAlert
          error={periods.error}
          onRetry={() => void periods.refetch()}
          prefix={text.loadError}
        />
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
              loading={awaitingRows(series)}
              error={series.isError}
            />
          </Section>
          <PeriodsActions
            filters={filters}
            selectedIds={[...selected]}
            total={total}
            totalCapped={periods.data?.count_capped}
            onClearSelection={() => setSelected(new Set())}
          />
          <DataTable
            caption={text.caption}
            columns={columns}
            rows={periods.data?.data ?? []}
            failed={periods.isError}
            getRowId={(period) => period.period_id}
            rowLabel={periodRowLabel}
            loading={awaitingRows(periods)}
            skeletonRows={search.pageSize}
            empty={text.noResults}
            selection={{ selected, onChange: setSelected }}
          />
          {periods.data ? (
            <SearchPagination
              search={search}
              setSearch={setSearch}
              count={total}
              countCapped={periods.data.count_capped}
            />
          ) : null}
        </>
      )}
    </>
  );
}

import {
  chosenFilterBy,
  type DownloadsSearch,
  operationQuery,
  type PeriodsFilters,
  type PeriodsSearch,
  parseDownloadsSearch,
  parsePeriodsSearch,
  queryClient,
  type RemoteAddress,
} from '@luz/shared';
import { matchPath } from 'react-router-dom';
import { periodsFiltersFromSearch } from './periods/search-query';

// The queries this remote's screens ask for when they open, shared by the screens and `prefetch`
// (the same options, so the same cache entries).

export const DOWNLOADS_PATH = '/downloads';
export const PERIODS_PATH = '/periods';

export const tasksQuery = (search: Pick<DownloadsSearch, 'page' | 'pageSize'>) =>
  operationQuery('listTasks', { query: { page: search.page, page_size: search.pageSize } });

export const periodsQuery = (filters: PeriodsFilters, search: Pick<PeriodsSearch, 'page' | 'pageSize'>) =>
  operationQuery('listPeriods', { query: { ...filters, page: search.page, page_size: search.pageSize } });

export const seriesQuery = (filters: PeriodsFilters) => operationQuery('periodsSeries', { query: filters });

/** Every service point of the user, for the "Servicio" filter (GET /rpus/all). */
export const servicePointsQuery = () => operationQuery('allRpus');

/** Every portal account of the user, for the "Cuenta de CFE" filter. */
export const credentialsQuery = () => operationQuery('allCredentials');

/** The first screen's requests of an address of this remote, before it mounts (`RemotePrefetch`). */
export function prefetchFirstScreen({ pathname, search }: RemoteAddress) {
  if (matchPath(DOWNLOADS_PATH, pathname)) {
    const downloads = parseDownloadsSearch(search);
    // One task's detail reads the lists already cached: only the list is asked for here.
    if (!downloads.taskId) void queryClient.prefetchQuery(tasksQuery(downloads));
    return;
  }
  if (matchPath(PERIODS_PATH, pathname)) {
    const periods = parsePeriodsSearch(search);
    const filters = periodsFiltersFromSearch(periods);
    void queryClient.prefetchQuery(periodsQuery(filters, periods));
    void queryClient.prefetchQuery(seriesQuery(filters));
    // The accounts' picker is not asked for: the host's sync area asks for the same list when it
    // connects, and one request serves both.
    if (chosenFilterBy(periods) === 'rpu') void queryClient.prefetchQuery(servicePointsQuery());
  }
}

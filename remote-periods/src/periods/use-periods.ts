import { errorMessage, operationQuery, type PeriodsFilters, type PeriodsSearch, toast } from '@luz/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export const toastError = (error: unknown) => toast.error(errorMessage(error));

/** The page of periods the URL asks for. */
export function usePeriodsPage(filters: PeriodsFilters, search: Pick<PeriodsSearch, 'page' | 'pageSize'>) {
  const query = { ...filters, page: search.page, page_size: search.pageSize };
  return useQuery({
    ...operationQuery('listPeriods', { query }),
    placeholderData: keepPreviousData,
  });
}

export function usePeriodsSeries(filters: PeriodsFilters) {
  return useQuery({
    ...operationQuery('periodsSeries', { query: filters }),
    placeholderData: keepPreviousData,
  });
}

/** Every service point of the user, for the "Servicio" filter (GET /rpus/all). */
export function useServicePoints(enabled: boolean) {
  return useQuery({
    ...operationQuery('allRpus'),
    enabled,
  });
}

/** Every portal account of the user, for the "Cuenta de CFE" filter. */
export function useCredentials(enabled: boolean) {
  return useQuery({ ...operationQuery('allCredentials'), enabled });
}

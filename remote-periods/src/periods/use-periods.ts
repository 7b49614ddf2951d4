import { errorMessage, type PeriodsFilters, type PeriodsSearch, toast } from '@luz/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { credentialsQuery, periodsQuery, seriesQuery, servicePointsQuery } from '../first-queries';

export const toastError = (error: unknown) => toast.error(errorMessage(error));

/** The page of periods the URL asks for. */
export function usePeriodsPage(filters: PeriodsFilters, search: Pick<PeriodsSearch, 'page' | 'pageSize'>) {
  return useQuery({ ...periodsQuery(filters, search), placeholderData: keepPreviousData });
}

export function usePeriodsSeries(filters: PeriodsFilters) {
  return useQuery({ ...seriesQuery(filters), placeholderData: keepPreviousData });
}

/** Every service point of the user, for the "Servicio" filter (GET /rpus/all). */
export function useServicePoints(enabled: boolean) {
  return useQuery({ ...servicePointsQuery(), enabled });
}

/** Every portal account of the user, for the "Cuenta de CFE" filter. */
export function useCredentials(enabled: boolean) {
  return useQuery({ ...credentialsQuery(), enabled });
}

import type { PeriodsFilters, PeriodsSearch } from '@luz/shared';

/**
 * The API filters a parsed /periods URL stands for. Only the id of the chosen `filterBy` applies
 * (an old `rpuId` left in the URL while filtering by account is ignored). A range typed backwards
 * is read the right way round.
 */
export function periodsFiltersFromSearch(search: PeriodsSearch): PeriodsFilters {
  let initial = search.initialDate ?? undefined;
  let final = search.finalDate ?? undefined;
  if (initial && final && initial > final) [initial, final] = [final, initial];
  return {
    ...(search.filterBy === 'rpu' && search.rpuId ? { rpu_id: search.rpuId } : {}),
    ...(search.filterBy === 'credential' && search.credentialId
      ? { credential_id: search.credentialId }
      : {}),
    ...(initial ? { initial_date: initial } : {}),
    ...(final ? { final_date: final } : {}),
  };
}

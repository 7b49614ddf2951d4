export { useListSelection, usePageInRange } from './use-list-state';
export { useSearchState } from './use-search-state';

export { useSearchState } from './use-search-state';

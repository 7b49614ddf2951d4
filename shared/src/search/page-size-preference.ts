import { safeLocalStorage } from '@luz/shared/core';

/** Where the preferred page size is kept in this browser (set in Configuración › Apariencia). */
export const PAGE_SIZE_STORAGE_KEY = 'luz.pageSize';
/** Page size when nothing (valid) is stored (spec §2, §9). */
export const DEFAULT_PAGE_SIZE = 10;
/**
 * Largest page size a URL or the preference can ask for. It protects the API and the browser: a
 * hand-edited `?pageSize=100000` would otherwise make one request read and send the whole table
 * of a company with thousands of service points, and render it in one go.
 */
export const MAX_PAGE_SIZE = 100;

/** A page size is a whole number from 1 to MAX_PAGE_SIZE. */
export function isValidPageSize(size: unknown): size is number {
  return typeof size === 'number' && Number.isInteger(size) && size >= 1 && size <= MAX_PAGE_SIZE;
}

/**
 * The stored page-size preference. Reading never throws: without storage, with nothing stored or
 * with a stored value that is not a valid page size ("abc", "0", "1e3", "500"), it is DEFAULT_PAGE_SIZE.
 */
export const pageSizePreference = {
  key: PAGE_SIZE_STORAGE_KEY,
  get(): number {
    const stored = safeLocalStorage.get(PAGE_SIZE_STORAGE_KEY)?.trim() ?? '';
    if (!/^\d+$/.test(stored)) return DEFAULT_PAGE_SIZE;
    const size = Number(stored);
    return isValidPageSize(size) ? size : DEFAULT_PAGE_SIZE;
  },
  /** Stores a valid page size; false (and nothing stored) for an invalid size or unavailable storage. */
  set(size: number): boolean {
    if (!isValidPageSize(size)) return false;
    return safeLocalStorage.set(PAGE_SIZE_STORAGE_KEY, String(size));
  },
  /** Forgets the preference (back to DEFAULT_PAGE_SIZE). */
  clear(): void {
    safeLocalStorage.remove(PAGE_SIZE_STORAGE_KEY);
  },
};

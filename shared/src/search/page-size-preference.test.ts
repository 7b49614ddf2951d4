import { blockLocalStorage, fillLocalStorage } from '../core/session/storage-test-utils';
import {
  DEFAULT_PAGE_SIZE,
  isValidPageSize,
  MAX_PAGE_SIZE,
  pageSizePreference,
} from './page-size-preference';

afterEach(() => localStorage.clear());

describe('pageSizePreference', () => {
  it('is 10 when nothing is stored', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(pageSizePreference.get()).toBe(10);
  });

  it('stores the preference under luz.pageSize and reads it back', () => {
    expect(pageSizePreference.set(25)).toBe(true);
    expect(localStorage.getItem('luz.pageSize')).toBe('25');
    expect(pageSizePreference.get()).toBe(25);
  });

  it.each(['abc', '', '0', '-5', '2.5', '1e2', '101', '9999999999999999999999'])(
    'ignores the invalid stored value %p',
    (stored) => {
      localStorage.setItem('luz.pageSize', stored);
      expect(pageSizePreference.get()).toBe(10);
    },
  );

  it('accepts the cap itself', () => {
    localStorage.setItem('luz.pageSize', String(MAX_PAGE_SIZE));
    expect(pageSizePreference.get()).toBe(100);
  });

  it.each([0, -1, 2.5, 101, Number.NaN])('refuses to store the invalid size %p', (size) => {
    expect(pageSizePreference.set(size)).toBe(false);
    expect(localStorage.getItem('luz.pageSize')).toBeNull();
  });

  it('clear forgets the preference', () => {
    pageSizePreference.set(50);
    pageSizePreference.clear();
    expect(pageSizePreference.get()).toBe(10);
  });

  it('tolerates blocked storage: the default, nothing thrown', () => {
    const restore = blockLocalStorage();
    try {
      expect(pageSizePreference.get()).toBe(10);
      expect(pageSizePreference.set(25)).toBe(false);
      expect(() => pageSizePreference.clear()).not.toThrow();
    } finally {
      restore();
    }
  });

  it('tolerates full storage', () => {
    const restore = fillLocalStorage();
    try {
      expect(pageSizePreference.set(25)).toBe(false);
    } finally {
      restore();
    }
    expect(pageSizePreference.get()).toBe(10);
  });

  it('isValidPageSize: whole numbers from 1 to 100', () => {
    expect([1, 10, 100].every(isValidPageSize)).toBe(true);
    expect([0, 101, 1.5, '10', null].some(isValidPageSize)).toBe(false);
  });
});

import { safeLocalStorage } from './storage';
import { blockLocalStorage, fillLocalStorage, removeLocalStorage } from './storage-test-utils';

afterEach(() => localStorage.clear());

describe('safeLocalStorage', () => {
  it('reads, writes and removes like localStorage when it is available', () => {
    expect(safeLocalStorage.set('k', 'v')).toBe(true);
    expect(localStorage.getItem('k')).toBe('v');
    expect(safeLocalStorage.get('k')).toBe('v');
    expect(safeLocalStorage.remove('k')).toBe(true);
    expect(safeLocalStorage.get('k')).toBeNull();
  });

  it('answers null for a key that was never stored', () => {
    expect(safeLocalStorage.get('missing')).toBeNull();
  });

  it('does not throw when the browser blocks storage (SecurityError)', () => {
    const restore = blockLocalStorage();
    try {
      expect(safeLocalStorage.get('k')).toBeNull();
      expect(safeLocalStorage.set('k', 'v')).toBe(false);
      expect(safeLocalStorage.remove('k')).toBe(false);
    } finally {
      restore();
    }
  });

  it('does not throw when there is no storage at all', () => {
    const restore = removeLocalStorage();
    try {
      expect(safeLocalStorage.get('k')).toBeNull();
      expect(safeLocalStorage.set('k', 'v')).toBe(false);
      expect(safeLocalStorage.remove('k')).toBe(false);
    } finally {
      restore();
    }
  });

  it('reports false when storage is full (QuotaExceededError)', () => {
    const restore = fillLocalStorage();
    try {
      expect(safeLocalStorage.set('k', 'v')).toBe(false);
    } finally {
      restore();
    }
    expect(safeLocalStorage.get('k')).toBeNull();
  });
});

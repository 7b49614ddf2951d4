/**
 * localStorage that never throws. Storage can be missing (server rendering, some test
 * environments), blocked (cookies disabled, sandboxed iframes: even reading
 * `window.localStorage` throws a SecurityError) or full (QuotaExceededError). In all of these
 * the app keeps working as if nothing was stored.
 */
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export const safeLocalStorage = {
  /** The stored text, or null when absent or when storage is unavailable. */
  get(key: string): string | null {
    try {
      return storage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  /** Stores the text; false when storage is unavailable or full. */
  set(key: string, value: string): boolean {
    try {
      const target = storage();
      if (!target) return false;
      target.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  },
  /** Removes the key; false when storage is unavailable. */
  remove(key: string): boolean {
    try {
      const target = storage();
      if (!target) return false;
      target.removeItem(key);
      return true;
    } catch {
      return false;
    }
  },
};

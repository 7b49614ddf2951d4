/**
 * Something loaded once and kept, for code that must not wait again once it has it (a screen
 * rendered directly instead of through React.lazy, which suspends once per component). A load
 * that failed is tried again on the next call.
 */
export function loadOnce<T>(load: () => Promise<T>) {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load(): Promise<T> {
      loading ??= load()
        .then((value) => {
          loaded = value;
          return value;
        })
        .catch((error: unknown) => {
          loading = null;
          throw error;
        });
      return loading;
    },
    /** What the last successful load gave, or null. */
    loaded: (): T | null => loaded,
  };
}

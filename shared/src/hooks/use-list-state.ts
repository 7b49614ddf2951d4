import { useEffect, useRef, useState } from 'react';

/**
 * The selected rows of a list, by id: the selection survives paging (rows of several pages), and
 * is cleared when `resetKey` changes (the filters: a selection made under other filters would
 * act on rows the user no longer sees).
 */
export function useListSelection(resetKey: string) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const lastKey = useRef(resetKey);
  useEffect(() => {
    if (lastKey.current === resetKey) return;
    lastKey.current = resetKey;
    setSelected(new Set());
  }, [resetKey]);
  return [selected, setSelected] as const;
}

/**
 * A page past the end (after deleting its rows, or from an old link) goes to the last page.
 * `count` is undefined until the list has loaded.
 */
export function usePageInRange(
  page: number,
  pageSize: number,
  count: number | undefined,
  goToPage: (page: number) => void,
) {
  const lastPage = Math.max(1, Math.ceil((count ?? 0) / pageSize));
  useEffect(() => {
    if (count !== undefined && page > lastPage) goToPage(lastPage);
  }, [count, page, lastPage, goToPage]);
}

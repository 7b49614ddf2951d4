/** What a list screen reads of its query (a TanStack Query result fits). */
export type RowsQuery = { isPending: boolean; isPlaceholderData: boolean };

/**
 * The rows on screen are not yet the answer to what the screen asks: the first load, or the
 * previous page's rows, kept (keepPreviousData) while another page or filter loads. A refresh of
 * the same list in the background is not: sync events refresh the lists every few seconds, and a
 * table covered meanwhile took the click meant for a row's action.
 */
export const awaitingRows = (query: RowsQuery): boolean => query.isPending || query.isPlaceholderData;

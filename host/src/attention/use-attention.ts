import { operationKey, operationQuery, queryClient } from '@luz/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SyncEventSocket } from '../sync-events/sync-event-socket';

/** How long the inbox waits after a sync event before loading again, so a burst is one request. */
const LIVE_REFRESH_MS = 800;

const countParams = { page: 1, page_size: 1 };

/** How many things need a person: the top bar's count (one row's page answers the total). */
export function useAttentionCount() {
  return useQuery({
    ...operationQuery('listAttention', { query: countParams }),
  });
}

/**
 * The inbox follows the syncs: a sync that ends (or a CAPTCHA asked or answered) may add or clear
 * an item, so the count and the page load again. The items themselves come from the database.
 */
export function useLiveAttention(socket: SyncEventSocket) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: operationKey('listAttention') }),
        LIVE_REFRESH_MS,
      );
    };
    const unsubscribe = socket.subscribe((event) => {
      if (event.event_type !== 'progress') refresh();
    });
    const unsubscribeCaptcha = socket.onCaptcha(refresh);
    return () => {
      unsubscribe();
      unsubscribeCaptcha();
      clearTimeout(timer);
    };
  }, [socket]);
}

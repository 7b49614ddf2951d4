import { familyKey, type SyncEvent, useRemoteProps } from '@luz/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';

/** The latest event of every running or recently finished sync, from the host's one WebSocket. */
export function useSyncEvents(): SyncEvent[] {
  const { syncEvents } = useRemoteProps();
  return useSyncExternalStore(syncEvents.subscribe, syncEvents.current, syncEvents.current);
}

/**
 * Keeps the task list current: an event of a task the list does not show yet (one that just
 * started) brings the list again. The host already refreshes every list when a sync finishes.
 */
export function useRefreshTasksOnEvents(knownTaskIds: ReadonlySet<string>) {
  const { syncEvents } = useRemoteProps();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      syncEvents.subscribe((event) => {
        if (!knownTaskIds.has(event.task_id))
          void queryClient.invalidateQueries({ queryKey: familyKey('tasks') });
      }),
    [syncEvents, knownTaskIds, queryClient],
  );
}

import { queryClient, queryKeys, type SyncEvent, type SyncEventStream } from '@luz/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createSyncEventSocket } from './sync-event-socket';

const finishedFamilies = [
  queryKeys.rpus,
  queryKeys.periods,
  queryKeys.tasks,
  queryKeys.paymentHistory,
  queryKeys.credentials,
];

/** Opens the session's socket while the layout is mounted; finished syncs refresh the lists. */
export function useSyncEventSocket() {
  const [socket] = useState(createSyncEventSocket);
  useEffect(() => {
    const unsubscribe = socket.subscribe((event) => {
      if (event.event_type !== 'progress') {
        for (const queryKey of finishedFamilies) void queryClient.invalidateQueries({ queryKey });
      } else if (event.progress === 0) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.rpus });
      }
    });
    return () => {
      unsubscribe();
      socket.close();
    };
  }, [socket]);
  return socket;
}

export function useSyncEventSnapshot(stream: SyncEventStream): SyncEvent[] {
  return useSyncExternalStore((listener) => stream.subscribe(listener), stream.current, stream.current);
}

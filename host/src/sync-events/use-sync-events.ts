import { familyKey, queryClient, type SyncEvent } from '@luz/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createSyncEventSocket, type SyncEventSocket, type WaitingCaptcha } from './sync-event-socket';

/** A bulk sync sends many events a second; lists refresh at most this often. */
const INVALIDATE_EVERY_MS = 1_000;

type Family = readonly unknown[];

/** Which cached lists an event makes stale. */
export function staleFamilies(event: SyncEvent): Family[] {
  if (event.event_type !== 'progress')
    return [
      familyKey('rpus'),
      familyKey('periods'),
      familyKey('tasks'),
      familyKey('payment-history'),
      familyKey('credentials'),
    ];
  // A run that starts or waits for a retry changes service points' status and the task lists.
  if (event.progress === 0 || event.status === 4) return [familyKey('rpus'), familyKey('tasks')];
  return [familyKey('tasks')];
}

/** Invalidates query families at most once per interval each (the first at once, the rest batched). */
export function createThrottledInvalidator(
  invalidate: (family: Family) => void,
  everyMs = INVALIDATE_EVERY_MS,
) {
  const last = new Map<string, number>();
  const pending = new Map<string, { family: Family; timer: ReturnType<typeof setTimeout> }>();
  return {
    add(family: Family) {
      const key = JSON.stringify(family);
      if (pending.has(key)) return;
      const wait = (last.get(key) ?? 0) + everyMs - Date.now();
      const run = () => {
        pending.delete(key);
        last.set(key, Date.now());
        invalidate(family);
      };
      if (wait <= 0) run();
      else pending.set(key, { family, timer: setTimeout(run, wait) });
    },
    cancel() {
      for (const { timer } of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}

/** Opens the session's socket while the layout is mounted; events refresh the lists they touch. */
export function useSyncEventSocket(): SyncEventSocket {
  const [socket] = useState(createSyncEventSocket);
  useEffect(() => {
    const invalidator = createThrottledInvalidator((queryKey) => {
      void queryClient.invalidateQueries({ queryKey });
    });
    const unsubscribe = socket.subscribe((event) => {
      for (const family of staleFamilies(event)) invalidator.add(family);
    });
    return () => {
      unsubscribe();
      invalidator.cancel();
      socket.close();
    };
  }, [socket]);
  return socket;
}

/** The latest event of every sync, re-rendering on each change (and on connection changes). */
export function useSyncEventSnapshot(socket: SyncEventSocket): SyncEvent[] {
  return useSyncExternalStore(socket.onChange, socket.current, socket.current);
}

/** The connection state, re-rendering when it changes. */
export function useSyncConnection(socket: SyncEventSocket) {
  return useSyncExternalStore(socket.onChange, socket.connection, socket.connection);
}

/** CFE's CAPTCHAs waiting for the user, re-rendering when one comes or goes. */
export function useSyncCaptchas(socket: SyncEventSocket): WaitingCaptcha[] {
  return useSyncExternalStore(socket.onChange, socket.captchas, socket.captchas);
}

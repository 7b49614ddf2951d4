import { apiUrl, getAccessToken, type SyncEvent, type SyncEventStream, zSyncEvent } from '@luz/shared';

type Connection = ReturnType<SyncEventStream['connection']>;

const maxBackoffMs = 30_000;
/** Finished syncs stay visible for a while, then leave the area. */
const keepFinishedMs = 2 * 60_000;

const eventKey = (event: SyncEvent) => event.task_association_id ?? event.task_id;

/**
 * The session's one WebSocket of sync events (spec §2), reconnecting with capped exponential
 * backoff and jitter. It keeps the latest event of every sync and fans events out to listeners
 * (the host's area and every remote, through the parcel props).
 */
export function createSyncEventSocket(): SyncEventStream & {
  close: () => void;
  onConnectionChange: (listener: () => void) => () => void;
} {
  const listeners = new Set<(event: SyncEvent) => void>();
  const connectionListeners = new Set<() => void>();
  let latest = new Map<string, SyncEvent>();
  let snapshot: SyncEvent[] = [];
  let connection: Connection = 'connecting';
  let socket: WebSocket | null = null;
  let retries = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const setConnection = (next: Connection) => {
    connection = next;
    for (const listener of connectionListeners) listener();
  };

  const prune = () => {
    const now = Date.now();
    for (const [key, event] of latest) {
      if (event.event_type !== 'progress' && now - Date.parse(event.timestamp) > keepFinishedMs)
        latest.delete(key);
    }
  };

  const receive = (raw: string) => {
    let parsed: SyncEvent;
    try {
      parsed = zSyncEvent.parse(JSON.parse(raw));
    } catch (error) {
      console.warn('Evento de sincronización inválido', error);
      return;
    }
    latest = new Map(latest);
    latest.set(eventKey(parsed), parsed);
    prune();
    snapshot = [...latest.values()].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
    for (const listener of listeners) listener(parsed);
  };

  const connect = () => {
    const token = getAccessToken();
    if (closed || !token) return;
    setConnection('connecting');
    const url = new URL(apiUrl('/credentials/ws/events'));
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('token', token);
    socket = new WebSocket(url);
    socket.onopen = () => {
      retries = 0;
      setConnection('open');
    };
    socket.onmessage = (message) => receive(String(message.data));
    socket.onclose = () => {
      socket = null;
      if (closed) return;
      setConnection('closed');
      const delay = Math.min(maxBackoffMs, 1000 * 2 ** retries) * (0.5 + Math.random() / 2);
      retries += 1;
      retryTimer = setTimeout(connect, delay);
    };
  };

  connect();

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => snapshot,
    connection: () => connection,
    onConnectionChange(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    close() {
      closed = true;
      clearTimeout(retryTimer);
      socket?.close();
    },
  };
}

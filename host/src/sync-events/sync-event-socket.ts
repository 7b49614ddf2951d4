import { apiUrl, getAccessToken, type SyncEvent, type SyncEventStream, zSyncEvent } from '@luz/shared';

type Connection = ReturnType<SyncEventStream['connection']>;

const maxBackoffMs = 30_000;
/** Finished syncs stay visible for a while, then leave the area. */
const keepFinishedMs = 10 * 60_000;

const eventKey = (event: SyncEvent) => event.task_association_id ?? event.task_id;

export type SyncEventSocket = SyncEventStream & {
  close: () => void;
  /** Told when the snapshot (`current`) or the connection changes. */
  onChange: (listener: () => void) => () => void;
  /** When the next reconnection attempt is due (epoch ms), while closed. */
  retryAt: () => number | null;
  /** Forgets finished syncs (the area's "clear" action). */
  clearFinished: () => void;
};

/**
 * The session's one WebSocket of sync events (spec §2), reconnecting with capped exponential
 * backoff and jitter. It keeps the latest event of every sync and fans events out to listeners
 * (the host's area and every remote, through the parcel props).
 */
export function createSyncEventSocket(): SyncEventSocket {
  const listeners = new Set<(event: SyncEvent) => void>();
  const changeListeners = new Set<() => void>();
  let latest = new Map<string, SyncEvent>();
  let snapshot: SyncEvent[] = [];
  let connection: Connection = 'connecting';
  let socket: WebSocket | null = null;
  let retries = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let nextRetryAt: number | null = null;
  let closed = false;

  const changed = () => {
    for (const listener of changeListeners) listener();
  };

  const setConnection = (next: Connection) => {
    connection = next;
    changed();
  };

  const publishSnapshot = () => {
    const now = Date.now();
    for (const [key, event] of latest) {
      if (event.event_type !== 'progress' && now - Date.parse(event.timestamp) > keepFinishedMs)
        latest.delete(key);
    }
    snapshot = [...latest.values()].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
    changed();
  };

  const receive = (raw: string) => {
    let parsed: SyncEvent;
    try {
      parsed = zSyncEvent.parse(JSON.parse(raw));
    } catch (error) {
      console.warn('Evento de sincronización inválido', error);
      return;
    }
    const key = eventKey(parsed);
    // Events of one sync may arrive out of order from several API processes: keep the newest.
    const known = latest.get(key);
    if (known && known.timestamp > parsed.timestamp) return;
    latest = new Map(latest);
    latest.set(key, parsed);
    publishSnapshot();
    for (const listener of listeners) listener(parsed);
  };

  const connect = () => {
    const token = getAccessToken();
    nextRetryAt = null;
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
      const delay = Math.min(maxBackoffMs, 1000 * 2 ** retries) * (0.5 + Math.random() / 2);
      retries += 1;
      nextRetryAt = Date.now() + delay;
      retryTimer = setTimeout(connect, delay);
      setConnection('closed');
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
    retryAt: () => nextRetryAt,
    onChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    clearFinished() {
      latest = new Map([...latest].filter(([, event]) => event.event_type === 'progress'));
      publishSnapshot();
    },
    close() {
      closed = true;
      clearTimeout(retryTimer);
      socket?.close();
    },
  };
}

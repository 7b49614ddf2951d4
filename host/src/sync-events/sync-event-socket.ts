import {
  apiUrl,
  type CaptchaEvent,
  getAccessToken,
  operationKey,
  operationQuery,
  queryClient,
  type SyncEvent,
  type SyncEventStream,
  type TaskAssociation,
  TaskStatus,
  tasksApi,
  zLiveEvent,
} from '@luz/shared';

type Connection = ReturnType<SyncEventStream['connection']>;

const maxBackoffMs = 30_000;
/** The API's close codes (api/src/sync-events/routes.ts): the session ended; too many sockets. */
const CLOSE_SESSION_ENDED = 4401;
const CLOSE_TOO_MANY_SOCKETS = 4429;
/** Finished syncs stay visible for a while, then leave the area. */
const keepFinishedMs = 10 * 60_000;

const eventKey = (event: SyncEvent) => event.task_association_id ?? event.task_id;

/** Latest tasks looked at when the socket (re)connects, for syncs that began before it. */
const runningTasksLookup = 20;

/** A service point's state inside a task, as the event its last step change published. */
export function syncEventFromAssociation(association: TaskAssociation): SyncEvent {
  const finished = association.finished_at !== null;
  return {
    event_type: !finished ? 'progress' : association.status === TaskStatus.success ? 'success' : 'error',
    attempt: association.attempt,
    chain_step: association.chain_step ?? '',
    chain_workflow: association.chain_workflow,
    progress: association.progress,
    status: association.status,
    task_id: association.task_id,
    task_association_id: association.task_association_id,
    rpu_id: association.rpu_id,
    credential_id: association.credential_id,
    service_number: association.service_number,
    credential_label: association.credential_label,
    alias: association.alias || null,
    message: association.message,
    timestamp: association.updated_at,
  };
}

/** A CAPTCHA of one of the user's CFE accounts that waits for an answer. */
export type WaitingCaptcha = {
  credentialId: string;
  cfeUser: string;
  /** Null when known only from the account's `captcha_pending` (after a reload): the latest one. */
  challengeId: string | null;
  message: string | null;
};

export type SyncEventSocket = SyncEventStream & {
  /** CAPTCHAs waiting for the user, oldest first (the area shows them above the syncs). */
  captchas: () => WaitingCaptcha[];
  /** Told when CFE asks for a new CAPTCHA (the area opens to show it). */
  onCaptcha: (listener: (captcha: WaitingCaptcha) => void) => () => void;
  /** Forgets a credential's CAPTCHA (answered here; the server's event follows). */
  dismissCaptcha: (credentialId: string) => void;
  close: () => void;
  /** Told when the snapshot (`current`) or the connection changes. */
  onChange: (listener: () => void) => () => void;
  /** When the next reconnection attempt is due (epoch ms), while closed. */
  retryAt: () => number | null;
  /** Why the server closed the socket, when it said so: this user has too many open. */
  closedBecause: () => 'tooManyConnections' | null;
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
  const captchaListeners = new Set<(captcha: WaitingCaptcha) => void>();
  let waiting = new Map<string, WaitingCaptcha>();
  let captchaSnapshot: WaitingCaptcha[] = [];
  let latest = new Map<string, SyncEvent>();
  let snapshot: SyncEvent[] = [];
  let connection: Connection = 'connecting';
  let socket: WebSocket | null = null;
  let retries = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let nextRetryAt: number | null = null;
  let closedBecause: 'tooManyConnections' | null = null;
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

  /** Keeps the newest state of each sync: events may arrive out of order from several API processes. */
  const merge = (events: SyncEvent[]) => {
    const newer = events.filter((event) => {
      const known = latest.get(eventKey(event));
      return !known || known.timestamp <= event.timestamp;
    });
    if (newer.length === 0) return [];
    latest = new Map(latest);
    for (const event of newer) latest.set(eventKey(event), event);
    publishSnapshot();
    return newer;
  };

  const setCaptcha = (credentialId: string, captcha: WaitingCaptcha | null) => {
    waiting = new Map(waiting);
    if (captcha) waiting.set(credentialId, captcha);
    else waiting.delete(credentialId);
    captchaSnapshot = [...waiting.values()];
    changed();
  };

  const receiveCaptcha = (event: CaptchaEvent) => {
    if (event.challenge_id === null) {
      if (waiting.has(event.credential_id)) setCaptcha(event.credential_id, null);
      return;
    }
    if (waiting.get(event.credential_id)?.challengeId === event.challenge_id) return;
    const captcha = {
      credentialId: event.credential_id,
      cfeUser: event.cfe_user,
      challengeId: event.challenge_id,
      message: event.message,
    };
    setCaptcha(event.credential_id, captcha);
    // A newer image: the prompt reads it again instead of showing the one it has.
    void queryClient.resetQueries({
      queryKey: operationKey('getCaptcha', { params: { credential_id: event.credential_id } }),
    });
    for (const listener of captchaListeners) listener(captcha);
  };

  const receive = (raw: string) => {
    let parsed: ReturnType<typeof zLiveEvent.parse>;
    try {
      parsed = zLiveEvent.parse(JSON.parse(raw));
    } catch (error) {
      console.warn('Evento de sincronización inválido', error);
      return;
    }
    if (parsed.event_type === 'captcha') {
      receiveCaptcha(parsed);
      return;
    }
    for (const event of merge([parsed])) for (const listener of listeners) listener(event);
  };

  /** CAPTCHAs asked before this connection (a reload) are read from the accounts. */
  const loadWaitingCaptchas = async () => {
    try {
      // Through the query cache: the page that opens with the socket (the services list, its
      // filters) asks for the same list, and one request serves both. Never older than this call.
      const credentials = await queryClient.fetchQuery({
        ...operationQuery('allCredentials'),
        staleTime: 0,
      });
      for (const credential of credentials) {
        if (closed || !credential.captcha_pending || waiting.has(credential.credential_id)) continue;
        setCaptcha(credential.credential_id, {
          credentialId: credential.credential_id,
          cfeUser: credential.cfe_user,
          challengeId: null,
          message: null,
        });
      }
    } catch (error) {
      console.warn('No se pudieron leer los captchas pendientes', error);
    }
  };

  /**
   * Syncs that began before this connection (a reload, a dropped network) are read from the API,
   * so the area shows them at once instead of from their next step on.
   */
  const loadRunning = async () => {
    try {
      const tasks = await tasksApi.list({ page: 1, page_size: runningTasksLookup });
      for (const task of tasks.data.filter((candidate) => candidate.finished_at === null)) {
        const associations = await tasksApi.associations(task.task_id, { page: 1, page_size: 500 });
        if (!closed) merge(associations.data.map(syncEventFromAssociation));
      }
    } catch (error) {
      // The live stream goes on; the area fills as events arrive.
      console.warn('No se pudieron leer las sincronizaciones en curso', error);
    }
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
      closedBecause = null;
      setConnection('open');
      void loadRunning();
      void loadWaitingCaptchas();
    };
    socket.onmessage = (message) => receive(String(message.data));
    socket.onclose = (event) => {
      socket = null;
      if (closed) return;
      if (event.code === CLOSE_SESSION_ENDED) {
        // A new token (this tab changed the password) reconnects at once. Otherwise the session
        // ended (logout elsewhere, expiry, deactivation): asking for the user again gets the 401
        // that takes this tab to /login (spec §8).
        if (getAccessToken() !== token) {
          connect();
          return;
        }
        void queryClient.invalidateQueries({ queryKey: operationKey('getMe') });
      }
      closedBecause = event.code === CLOSE_TOO_MANY_SOCKETS ? 'tooManyConnections' : null;
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
    captchas: () => captchaSnapshot,
    onCaptcha(listener) {
      captchaListeners.add(listener);
      return () => captchaListeners.delete(listener);
    },
    dismissCaptcha(credentialId) {
      if (waiting.has(credentialId)) setCaptcha(credentialId, null);
    },
    connection: () => connection,
    retryAt: () => nextRetryAt,
    closedBecause: () => closedBecause,
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

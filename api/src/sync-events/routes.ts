import type { WebSocket } from 'ws';
import { SESSIONS_CHANNEL } from '../auth/sessions';
import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';

/** Dead peers (a laptop closed mid-sync) are noticed within two intervals. */
const HEARTBEAT_MS = 30_000;
/** Application close code: the token expired or its session ended; the client must log in again. */
export const CLOSE_TOKEN_EXPIRED = 4401;
/** Application close code: this user already has WEBSOCKETS_PER_USER sockets open in this process. */
export const CLOSE_TOO_MANY_SOCKETS = 4429;
const MAX_TIMER_MS = 2 ** 31 - 1;

type OpenSocket = { socket: WebSocket; token: string };

/**
 * GET /credentials/ws/{suffix}?token=…: the user's live sync events. The token is checked before
 * the upgrade, so a bad one gets a plain HTTP 401 and no socket. The suffix only names the
 * client's stream; every socket of a user receives all of that user's events. Lives here rather
 * than under credentials/ because it is the sync-event fan-out's door.
 *
 * A socket lives no longer than its session: it closes (4401) when its token expires, and at once
 * when a logout, a new password or a deactivation (SESSIONS_CHANNEL, from any process) makes its
 * token fail the auth guard. A user has at most WEBSOCKETS_PER_USER of them per process; one more
 * is closed with 4429 right after the upgrade (a browser cannot read an HTTP status there).
 */
export async function syncEventsRoutes(app: ApiApp, { auth, tokens, syncEvents, db, config }: AppContext) {
  const openByUser = new Map<string, Set<OpenSocket>>();

  /** Checks every socket of `userId` again; those whose token no longer passes close now. */
  const recheck = (userId: string) => {
    for (const open of openByUser.get(userId) ?? []) {
      auth.userFromToken(open.token).catch(() => open.socket.close(CLOSE_TOKEN_EXPIRED, 'session ended'));
    }
  };
  let stopListening: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    stopListening = await db.listen(SESSIONS_CHANNEL, recheck);
  });
  app.addHook('onClose', async () => {
    await stopListening?.();
  });

  app.get(
    '/credentials/ws/:suffix',
    {
      websocket: true,
      schema: { hide: true },
      onRequest: async (request) => {
        const { token } = request.query as { token?: string };
        request.authenticatedUser = await auth.userFromToken(token);
      },
    },
    (socket, request) => {
      const user = currentUser(request);
      const { token } = request.query as { token: string };
      const mine = openByUser.get(user.id) ?? new Set<OpenSocket>();
      if (mine.size >= config.webSocketsPerUser) {
        socket.close(CLOSE_TOO_MANY_SOCKETS, 'too many connections');
        return;
      }
      const open = { socket, token };
      mine.add(open);
      openByUser.set(user.id, mine);
      const unsubscribe = syncEvents.subscribe(user.id, socket);

      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      const heartbeat = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, HEARTBEAT_MS);

      // The socket must not outlive the token that opened it.
      const expiresAt = (tokens.verify(token)?.exp ?? 0) * 1000;
      const expiry = setTimeout(
        () => socket.close(CLOSE_TOKEN_EXPIRED, 'token expired'),
        Math.min(MAX_TIMER_MS, Math.max(0, expiresAt - Date.now())),
      );

      socket.on('error', (error) => request.log.warn({ err: error }, 'WebSocket error'));
      socket.on('close', () => {
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(expiry);
        mine.delete(open);
        if (mine.size === 0 && openByUser.get(user.id) === mine) openByUser.delete(user.id);
      });
    },
  );
}

import type { AppContext } from '../context';
import type { ApiApp } from '../http/api-app';
import { currentUser } from '../http/auth-guard';

/** Dead peers (a laptop closed mid-sync) are noticed within two intervals. */
const HEARTBEAT_MS = 30_000;
/** Application close code: the token expired; the client must log in again. */
export const CLOSE_TOKEN_EXPIRED = 4401;
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * GET /credentials/ws/{suffix}?token=…: the user's live sync events. The token is checked before
 * the upgrade, so a bad one gets a plain HTTP 401 and no socket. The suffix only names the
 * client's stream; every socket of a user receives all of that user's events. Lives here rather
 * than under credentials/ because it is the sync-event fan-out's door.
 */
export async function syncEventsRoutes(app: ApiApp, { auth, tokens, syncEvents }: AppContext) {
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
      const { token } = request.query as { token: string };
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
      });
    },
  );
}

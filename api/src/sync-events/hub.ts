import { type LiveEvent, zLiveEvent } from '@luz/shared/contract';
import { z } from 'zod';
import { type Database, MAX_NOTIFY_PAYLOAD_BYTES, type Queryable } from '../db/database';

/** The one channel every API process listens on. */
export const SYNC_EVENTS_CHANNEL = 'luz_sync_events';

/** What a subscriber needs from a socket; the `ws` WebSocket fits. */
export type EventSink = { send(data: string): void; readonly readyState: number };

const OPEN = 1;

const zEnvelope = z.object({ user_id: z.string(), event: zLiveEvent });

export type SyncEventHub = {
  /**
   * Sends `event` (a sync's step change, or a CAPTCHA to solve) to every open socket of `userId`,
   * in every API process, through NOTIFY. With `via` (an open transaction) it is delivered only if
   * that transaction commits.
   */
  publish(userId: string, event: LiveEvent, via?: Queryable): Promise<void>;
  /** Adds a socket of `userId`; answers the function that removes it. */
  subscribe(userId: string, sink: EventSink): () => void;
  /** Starts listening to the database; the app calls it when it is ready. */
  start(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Builds the NOTIFY payload. Only `message` is free text, so it is the part shortened when the
 * event would not fit PostgreSQL's 8000-byte limit.
 */
export function encodeEnvelope(userId: string, event: LiveEvent): string {
  const encode = (message: string | null) =>
    JSON.stringify({ user_id: userId, event: { ...event, message } });
  let payload = encode(event.message);
  if (Buffer.byteLength(payload) <= MAX_NOTIFY_PAYLOAD_BYTES || event.message === null) return payload;
  let message = event.message;
  while (message.length > 0 && Buffer.byteLength(payload) > MAX_NOTIFY_PAYLOAD_BYTES) {
    const excess = Buffer.byteLength(payload) - MAX_NOTIFY_PAYLOAD_BYTES;
    message = message.slice(0, Math.max(0, message.length - excess - 1));
    payload = encode(`${message}…`);
  }
  return payload;
}

export function createSyncEventHub({
  db,
  onError = () => undefined,
}: {
  db: Database;
  /** Told about payloads that could not be read or delivered; delivery to other sockets goes on. */
  onError?: (error: unknown) => void;
}): SyncEventHub {
  const sockets = new Map<string, Set<EventSink>>();
  let stopListening: (() => Promise<void>) | null = null;

  const deliver = (payload: string) => {
    let envelope: z.infer<typeof zEnvelope>;
    try {
      envelope = zEnvelope.parse(JSON.parse(payload));
    } catch (error) {
      onError(error);
      return;
    }
    const message = JSON.stringify(envelope.event);
    for (const sink of sockets.get(envelope.user_id) ?? []) {
      if (sink.readyState !== OPEN) continue;
      try {
        sink.send(message);
      } catch (error) {
        onError(error);
      }
    }
  };

  return {
    async publish(userId, event, via) {
      await db.notify(SYNC_EVENTS_CHANNEL, encodeEnvelope(userId, zLiveEvent.parse(event)), via);
    },
    subscribe(userId, sink) {
      const set = sockets.get(userId) ?? new Set();
      set.add(sink);
      sockets.set(userId, set);
      return () => {
        set.delete(sink);
        if (set.size === 0 && sockets.get(userId) === set) sockets.delete(userId);
      };
    },
    async start() {
      stopListening ??= await db.listen(SYNC_EVENTS_CHANNEL, deliver);
    },
    async stop() {
      const stop = stopListening;
      stopListening = null;
      await stop?.();
    },
  };
}

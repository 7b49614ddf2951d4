import type { Readable } from 'node:stream';

/**
 * Where receipts (PDF, CFDI XML) live. Keys are always built by the API from ids it owns
 * (`documentKey`), never taken from a client, so no request can reach an arbitrary path.
 */
export interface DocumentStorage {
  /** Stores the whole object; writing the same key again replaces it (steps are idempotent). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** A stream of the object, so that downloads and ZIP exports never hold files in memory. */
  get(key: string): Promise<Readable>;
  /**
   * The whole object at once, for the ZIP writer, which needs each document whole for its CRC
   * and reads a bounded few ahead: one read instead of a stream's open, chunks and close.
   * `signal` stops a read of an archive that was abandoned.
   */
  read(key: string, signal?: AbortSignal): Promise<Buffer>;
  /**
   * Several whole objects in one call, in the order of `keys`: the ZIP asks for a batch of a few
   * hundred receipts at a time, which the local folder reads in one round trip to its worker and
   * S3 as parallel requests. Fails as a whole with a `DocumentReadError` naming the first key
   * that could not be read.
   */
  readMany(keys: readonly string[], signal?: AbortSignal): Promise<Buffer[]>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Releases pooled connections, if the adapter holds any. */
  close?(): void;
}

/** One of the objects of a `readMany` could not be read (missing, unreadable, aborted). */
export class DocumentReadError extends Error {
  constructor(
    readonly key: string,
    cause: unknown,
  ) {
    super(`Document ${key} could not be read from storage`, { cause });
  }
}

const safeKey = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

export function assertSafeKey(key: string) {
  if (
    !safeKey.test(key) ||
    key.split('/').some((segment) => segment === '..' || segment === '.' || segment === '')
  ) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

export function documentKey(
  userId: string,
  rpuId: string,
  periodId: string,
  kind: 'pdf' | 'xml',
  companion?: string,
) {
  return companion
    ? `${userId}/${rpuId}/${periodId}/${companion}.${kind}`
    : `${userId}/${rpuId}/${periodId}.${kind}`;
}

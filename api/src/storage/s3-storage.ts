import { setMaxListeners } from 'node:events';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { S3Client } from '@aws-sdk/client-s3';
import pMap from 'p-map';
import { assertSafeKey, DocumentReadError, type DocumentStorage } from './document-storage';

/** The SDK, loaded on demand: deployments on a local folder never load it. */
type Sdk = typeof import('@aws-sdk/client-s3');

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, Ceph…); null for AWS itself. */
  endpoint: string | null;
  /** null: the SDK's default chain (environment, shared files, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most self-hosted services). */
  forcePathStyle: boolean;
  /** Prepended to every key ('' or ending in '/'), e.g. `luz/`, to share a bucket. */
  prefix: string;
};

/**
 * GETs in flight for one `readMany` (a ZIP's batch of up to a few hundred receipts): enough to
 * hide each request's latency, well under the SDK's 50 pooled sockets.
 */
const READS_AT_ONCE = 16;

/** Documents in an S3-compatible bucket, through the official AWS SDK v3. Build it with `createS3DocumentStorage`. */
export class S3DocumentStorage implements DocumentStorage {
  private readonly client: S3Client;

  constructor(
    private readonly sdk: Sdk,
    private readonly options: S3StorageOptions,
  ) {
    this.client = new sdk.S3Client({
      region: options.region,
      endpoint: options.endpoint ?? undefined,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials ?? undefined,
      // The SDK's default CRC32 trailers are not understood by every S3-compatible service; on
      // AWS itself (no endpoint) the defaults stay. Integrity is also kept by our own sha256.
      ...(options.endpoint
        ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
        : {}),
    });
  }

  private isNotFound(error: unknown) {
    return (
      error instanceof this.sdk.S3ServiceException &&
      (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
    );
  }

  private key(key: string) {
    assertSafeKey(key);
    return `${this.options.prefix}${key}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.key(key),
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
      }),
    );
  }

  async get(key: string): Promise<Readable> {
    const { Body } = await this.client.send(
      new this.sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }),
    );
    // On Node.js the SDK answers the HTTP response itself, a Readable.
    if (!(Body instanceof Readable)) throw new Error(`S3 object ${key} has no readable body`);
    return Body;
  }

  async read(key: string, signal?: AbortSignal): Promise<Buffer> {
    const { Body } = await this.client.send(
      new this.sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }),
      { abortSignal: signal },
    );
    if (!(Body instanceof Readable)) throw new Error(`S3 object ${key} has no readable body`);
    return buffer(Body);
  }

  /** Parallel GETs; the first failure aborts those still in flight. */
  async readMany(keys: readonly string[], signal?: AbortSignal): Promise<Buffer[]> {
    const abort = new AbortController();
    const stop = signal ? AbortSignal.any([signal, abort.signal]) : abort.signal;
    // Each GET in flight listens for it: no leak warning for as many as are allowed.
    setMaxListeners(READS_AT_ONCE + 2, stop);
    return await pMap(
      keys,
      async (key) => {
        try {
          return await this.read(key, stop);
        } catch (error) {
          const failure = new DocumentReadError(key, error);
          abort.abort(failure);
          throw failure;
        }
      },
      { concurrency: READS_AT_ONCE, signal: stop },
    );
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(
        new this.sdk.HeadObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }),
      );
      return true;
    } catch (error) {
      if (this.isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new this.sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }),
    );
  }

  /** Closes the SDK's pooled connections (shutdown, tests). */
  close(): void {
    this.client.destroy();
  }
}

export async function createS3DocumentStorage(options: S3StorageOptions): Promise<S3DocumentStorage> {
  return new S3DocumentStorage(await import('@aws-sdk/client-s3'), options);
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from '../storage/s3-storage';

export type TestS3Server = {
  /** Options for `S3DocumentStorage` against this server, with SigV4 credentials it checks. */
  options: S3StorageOptions;
  close(): Promise<void>;
};

/**
 * A real S3-compatible HTTP server (s3rver, from the npm registry) on a free loopback port,
 * storing in a temporary folder, with one bucket. It checks the access key id of each request
 * (not the SigV4 signature itself).
 */
export async function startS3Server({ prefix = '' }: { prefix?: string } = {}): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'luz-s3-'));
  const bucket = 'luz-documents';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    options: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      // s3rver's built-in account.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      prefix,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

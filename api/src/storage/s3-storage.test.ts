import { text } from 'node:stream/consumers';
import { startS3Server, type TestS3Server } from '../testing/s3-server';
import { documentKey } from './document-storage';
import { createS3DocumentStorage, type S3DocumentStorage } from './s3-storage';
import { documentStorageContract } from './storage-contract';

// The adapter against a real S3-compatible server over HTTP on loopback (s3rver).
let server: TestS3Server;
let storage: S3DocumentStorage;
beforeAll(async () => {
  server = await startS3Server({ prefix: 'luz/' });
  storage = await createS3DocumentStorage(server.options);
});
afterAll(async () => {
  storage.close();
  await server.close();
});

documentStorageContract(() => storage);

test('keys live under the configured prefix; a second prefix does not see them', async () => {
  const key = documentKey('u1', 'r1', 'p9', 'pdf');
  await storage.put(key, Buffer.from('%PDF-prefijo'), 'application/pdf');
  const other = await createS3DocumentStorage({ ...server.options, prefix: 'otro/' });
  try {
    expect(await other.exists(key)).toBe(false);
    const unprefixed = await createS3DocumentStorage({ ...server.options, prefix: '' });
    expect(await text(await unprefixed.get(`luz/${key}`))).toBe('%PDF-prefijo');
    unprefixed.close();
  } finally {
    other.close();
  }
});

// s3rver checks the access key id; it does not verify SigV4 signatures themselves.
test('an unknown access key is refused by the server, not ignored', async () => {
  const intruder = await createS3DocumentStorage({
    ...server.options,
    credentials: { accessKeyId: 'DESCONOCIDA', secretAccessKey: 'S3RVER' },
  });
  try {
    await expect(
      intruder.put(documentKey('u', 'r', 'p', 'xml'), Buffer.from('x'), 'application/xml'),
    ).rejects.toThrow();
  } finally {
    intruder.close();
  }
});

test('a missing bucket is an error, not "not found"', async () => {
  const lost = await createS3DocumentStorage({ ...server.options, bucket: 'no-existe' });
  try {
    await expect(lost.get(documentKey('u', 'r', 'p', 'xml'))).rejects.toThrow();
  } finally {
    lost.close();
  }
});

import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { DocumentStorage } from '../storage';
import { LocalDocumentStorage } from '../storage/local-storage';
import { seedUser, tokenFor } from '../testing/fixtures';
import { type SeededPeriod, sampleDocument, seedPeriod, seedRpu } from '../testing/periods-fixtures';
import { readZip } from '../testing/read-zip';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Local storage that counts reads and knows which of its streams and whole reads are still open. */
class WatchedStorage implements DocumentStorage {
  reads = 0;
  readonly open = new Set<Readable | Promise<Buffer | Buffer[]>>();
  constructor(private readonly inner: LocalDocumentStorage) {}
  put(key: string, body: Buffer, contentType: string) {
    return this.inner.put(key, body, contentType);
  }
  async get(key: string) {
    this.reads += 1;
    const stream = await this.inner.get(key);
    this.open.add(stream);
    stream.once('close', () => this.open.delete(stream));
    return stream;
  }
  async read(key: string, signal?: AbortSignal) {
    this.reads += 1;
    const reading = this.inner.read(key, signal);
    this.open.add(reading);
    try {
      return await reading;
    } finally {
      this.open.delete(reading);
    }
  }
  async readMany(keys: readonly string[], signal?: AbortSignal) {
    this.reads += keys.length;
    const reading = this.inner.readMany(keys, signal);
    this.open.add(reading);
    try {
      return await reading;
    } finally {
      this.open.delete(reading);
    }
  }
  exists(key: string) {
    return this.inner.exists(key);
  }
  delete(key: string) {
    return this.inner.delete(key);
  }
  close() {
    this.inner.close();
  }
}

const FILES = 120;
const FILE_SIZE = 128 * 1024;

let t: TestApp;
let storage: WatchedStorage;
let token: string;
let periods: SeededPeriod[];
let baseUrl: string;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'luz-zip-'));
  storage = new WatchedStorage(new LocalDocumentStorage(root));
  t = await createTestApp({ storage });
  const user = await seedUser(t.db);
  token = await tokenFor(t.config, t.db, user.id);
  const rpuId = await seedRpu(t.db, user.id, { serviceNumber: '999999999999', alias: 'Planta' });
  periods = [];
  for (let index = 0; index < FILES; index += 1) {
    const start = new Date(Date.UTC(2010, index, 1));
    const end = new Date(Date.UTC(2010, index + 1, 0));
    periods.push(
      await seedPeriod(t.db, storage, {
        userId: user.id,
        rpuId,
        initialDate: start.toISOString().slice(0, 10),
        finalDate: end.toISOString().slice(0, 10),
        documents: { pdf: sampleDocument('pdf', FILE_SIZE) },
      }),
    );
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  // The app closes only a storage of its own.
  storage.close();
  await rm(root, { recursive: true, force: true });
});

const zipRequest = (body: object) =>
  fetch(`${baseUrl}/api/v1/periods/zip`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const settle = async (done: () => boolean) => {
  for (let attempt = 0; attempt < 200 && !done(); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
};

test('over real HTTP the archive streams in full, with its exact Content-Length, reading each file once', async () => {
  storage.reads = 0;
  const response = await zipRequest({ download_type: 0 });
  expect(response.status).toBe(200);
  const archive = Buffer.from(await response.arrayBuffer());
  expect(Number(response.headers.get('content-length'))).toBe(archive.length);
  const entries = await readZip(archive);
  expect(entries).toHaveLength(FILES);
  expect(entries[0]?.name).toBe('999999999999 - Planta/999999999999_2010-01-01_2010-01-31.pdf');
  entries.forEach((entry, index) => {
    expect(entry.data.equals(periods[index]?.documents[0]?.body as Buffer)).toBe(true);
  });
  expect(storage.reads).toBe(FILES);
  await settle(() => storage.open.size === 0);
  expect(storage.open.size).toBe(0);
});

test('a client that leaves mid-download stops the reading and leaves no file open', async () => {
  storage.reads = 0;
  // What the server read before the client left may sit in loopback's socket buffers, whose size
  // the kernel tunes (up to tens of MB): what counts is that the reading stops once it has left.
  let readsWhenLeaving = 0;
  const { port } = t.app.server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/periods/zip',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      },
      (response) => {
        expect(response.statusCode).toBe(200);
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          // A few files in, the user closes the tab.
          if (received > 3 * FILE_SIZE) {
            readsWhenLeaving = storage.reads;
            request.destroy();
            resolve();
          }
        });
        response.on('error', () => undefined);
      },
    );
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
    request.end(JSON.stringify({ download_type: -1 }));
  });
  await settle(() => storage.open.size === 0);
  expect(storage.open.size).toBe(0);
  // Only the files around the point of leaving were opened after it (the writer reads a few ahead).
  expect(storage.reads - readsWhenLeaving).toBeLessThan(10);
  expect(storage.reads).toBeLessThan(FILES);
});

test('a document missing from storage breaks the download instead of sending a silently incomplete archive', async () => {
  const lost = periods[FILES - 2]?.documents[0];
  if (!lost) throw new Error('fixture missing');
  await storage.delete(lost.storageKey);
  const response = await zipRequest({ download_type: 0 });
  expect(response.status).toBe(200);
  await expect(response.arrayBuffer()).rejects.toThrow();
  await settle(() => storage.open.size === 0);
  expect(storage.open.size).toBe(0);
});

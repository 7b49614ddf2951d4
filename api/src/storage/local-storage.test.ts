import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentKey } from './document-storage';
import { LocalDocumentStorage } from './local-storage';
import { documentStorageContract } from './storage-contract';

let root: string;
let storage: LocalDocumentStorage;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'luz-storage-'));
  storage = new LocalDocumentStorage(root);
});
afterAll(async () => {
  // Its reader's worker thread would outlive the file, and keep its realm.
  storage.close();
  await rm(root, { recursive: true, force: true });
});

documentStorageContract(() => storage);

test('keeps one file per key under the root, with no temporary file left behind', async () => {
  const key = documentKey('u9', 'r9', 'p9', 'pdf');
  await storage.put(key, Buffer.from('%PDF-1'), 'application/pdf');
  await storage.put(key, Buffer.from('%PDF-2'), 'application/pdf');
  expect(await readdir(join(root, 'u9', 'r9'))).toEqual(['p9.pdf']);
});

test('many reads at once come back each with its own bytes, and a missing file fails alone', async () => {
  const keys = Array.from({ length: 600 }, (_, index) => documentKey('u8', 'r8', `p${index}`, 'xml'));
  await Promise.all(
    keys.map((key, index) => storage.put(key, Buffer.from(`<r n="${index}"/>`), 'application/xml')),
  );
  const missing = documentKey('u8', 'r8', 'absent', 'xml');
  const reads = [...keys, missing].map((key) => storage.read(key));
  const settled = await Promise.allSettled(reads);
  expect(
    settled.slice(0, -1).map((result) => result.status === 'fulfilled' && result.value.toString()),
  ).toEqual(keys.map((_, index) => `<r n="${index}"/>`));
  expect(settled.at(-1)).toMatchObject({ status: 'rejected', reason: { code: 'ENOENT' } });
});

test('batches and single reads asked at once share the worker, each caller getting its own files', async () => {
  const keys = Array.from({ length: 300 }, (_, index) => documentKey('u7', 'r7', `p${index}`, 'pdf'));
  await Promise.all(
    keys.map((key, index) => storage.put(key, Buffer.from(`%PDF ${index}`), 'application/pdf')),
  );
  const missing = documentKey('u7', 'r7', 'absent', 'pdf');
  const text = (files: Buffer[]) => files.map((file) => file.toString());
  const [first, lone, failed, second] = await Promise.allSettled([
    storage.readMany(keys.slice(0, 200)),
    storage.read(keys[250] as string),
    storage.readMany([keys[0] as string, missing]),
    storage.readMany(keys.slice(200)),
  ]);
  expect(first.status === 'fulfilled' && text(first.value)).toEqual(
    keys.slice(0, 200).map((_, i) => `%PDF ${i}`),
  );
  expect(lone.status === 'fulfilled' && lone.value.toString()).toBe('%PDF 250');
  expect(failed).toMatchObject({ status: 'rejected', reason: { key: missing, cause: { code: 'ENOENT' } } });
  expect(second.status === 'fulfilled' && text(second.value)).toEqual(
    keys.slice(200).map((_, i) => `%PDF ${200 + i}`),
  );
});

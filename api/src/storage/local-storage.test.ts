import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { documentKey } from './document-storage';
import { LocalDocumentStorage } from './local-storage';

test('stores, streams, replaces and deletes documents by key', async () => {
  const root = await mkdtemp(join(tmpdir(), 'luz-storage-'));
  const storage = new LocalDocumentStorage(root);
  const key = documentKey('u1', 'r1', 'p1', 'xml');
  expect(await storage.exists(key)).toBe(false);
  await storage.put(key, Buffer.from('<a/>'), 'application/xml');
  await storage.put(key, Buffer.from('<b/>'), 'application/xml');
  expect(await text(await storage.get(key))).toBe('<b/>');
  expect(await readdir(join(root, 'u1', 'r1'))).toEqual(['p1.xml']);
  await storage.delete(key);
  expect(await storage.exists(key)).toBe(false);
  await expect(storage.get(key)).rejects.toThrow();
});

test('refuses keys that could leave the storage folder', async () => {
  const storage = new LocalDocumentStorage(await mkdtemp(join(tmpdir(), 'luz-storage-')));
  for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', './x']) {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe/);
  }
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { LocalDocumentStorage } from '../storage/local-storage';
import { readZip } from '../testing/read-zip';
import type { SelectedDocument } from './service';
import { createPeriodsZip } from './zip';

let root: string;
let storage: LocalDocumentStorage;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'luz-zip-unit-'));
  storage = new LocalDocumentStorage(root);
});
afterAll(async () => {
  // Its reader's worker thread would outlive the file, and keep its realm.
  storage.close();
  await rm(root, { recursive: true, force: true });
});

const ZIP64_END_RECORD = Buffer.from([0x50, 0x4b, 0x06, 0x06]);

async function documents(count: number, rpus = 1): Promise<SelectedDocument[]> {
  const list: SelectedDocument[] = [];
  for (let index = 0; index < count; index += 1) {
    const key = `u/r/${count}-${index}.pdf`;
    const body = Buffer.from(`%PDF ${index}`);
    await storage.put(key, body, 'application/pdf');
    const day = new Date(Date.UTC(2000, 0, 1 + index)).toISOString().slice(0, 10);
    list.push({
      kind: 'pdf',
      storageKey: key,
      sizeBytes: body.length,
      createdAt: new Date('2024-05-01T12:00:00Z'),
      rpuId: `rpu-${index % rpus}`,
      serviceNumber: '123456789012',
      alias: 'Planta',
      initialDate: day,
      finalDate: day,
      companion: null,
    });
  }
  return list;
}

/** The list as the query brings it: in batches (of 300 here, so that 800 documents take three). */
async function* inBatches(list: SelectedDocument[], size = 300) {
  for (let first = 0; first < list.length; first += size) yield list.slice(first, first + size);
}

async function archive(list: SelectedDocument[], batchSize?: number) {
  const zip = await createPeriodsZip(storage, inBatches(list, batchSize), (error) => {
    throw error;
  });
  if (!zip) throw new Error('no archive for a list of documents');
  const bytes = await buffer(zip.stream);
  return { zip, bytes };
}

test('the announced size is exact for a small archive, which stays plain ZIP', async () => {
  const { zip, bytes } = await archive(await documents(5));
  expect(bytes.length).toBe(zip.size);
  expect(bytes.includes(ZIP64_END_RECORD)).toBe(false);
  expect((await readZip(bytes)).map((entry) => entry.name)).toEqual([
    '123456789012 - Planta/123456789012_2000-01-01_2000-01-01.pdf',
    '123456789012 - Planta/123456789012_2000-01-02_2000-01-02.pdf',
    '123456789012 - Planta/123456789012_2000-01-03_2000-01-03.pdf',
    '123456789012 - Planta/123456789012_2000-01-04_2000-01-04.pdf',
    '123456789012 - Planta/123456789012_2000-01-05_2000-01-05.pdf',
  ]);
});

test('the announced size is exact once the central directory passes 64 KiB, still plain ZIP', async () => {
  const list = await documents(800);
  const { zip, bytes } = await archive(list);
  expect(bytes.length).toBe(zip.size);
  expect(bytes.includes(ZIP64_END_RECORD)).toBe(false);
  const entries = await readZip(bytes);
  expect(entries).toHaveLength(800);
  expect(entries[799]?.data.toString()).toBe('%PDF 799');
});

test('no archive when the batches bring no document', async () => {
  expect(await createPeriodsZip(storage, inBatches([]), () => undefined)).toBeNull();
  expect(await createPeriodsZip(storage, [[], []], () => undefined)).toBeNull();
});

test('two service points whose names collide get folders of their own, across batches too', async () => {
  const list = await documents(2, 2);
  const { bytes } = await archive(list, 1);
  expect((await readZip(bytes)).map((entry) => entry.name)).toEqual([
    '123456789012 - Planta/123456789012_2000-01-01_2000-01-01.pdf',
    '123456789012 - Planta (2)/123456789012_2000-01-02_2000-01-02.pdf',
  ]);
});

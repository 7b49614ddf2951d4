import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { readZip } from '../testing/read-zip';
import { waitFor } from '../testing/wait-for';
import { type ReadEntries, storeZip } from './store-zip';
import { ZipEntries } from './zip-entries';

const ZIP64_END_RECORD = Buffer.from([0x50, 0x4b, 0x06, 0x06]);
const mtime = new Date('2024-05-01T12:00:00Z');

type StoredEntry = { name: string; size: number; mtime: Date };

const packed = (list: readonly StoredEntry[]) => {
  const entries = new ZipEntries();
  for (const { name, size, mtime } of list) entries.add(name, size, mtime);
  return entries;
};

/** A batch read as each entry's bytes from `body`. */
const eachOf =
  (body: (index: number) => Buffer | Promise<Buffer>): ReadEntries =>
  (first, end) =>
    Promise.all(Array.from({ length: end - first }, (_, at) => body(first + at)));

const archiveOf = (list: readonly StoredEntry[], body: (index: number) => Buffer | Promise<Buffer>) =>
  storeZip(packed(list), eachOf(body));

const small = (count: number): { entries: StoredEntry[]; body: (index: number) => Buffer } => {
  const body = (index: number) => Buffer.from(`documento ${index}`);
  return {
    entries: Array.from({ length: count }, (_, index) => ({
      name: `Servicio ${index % 7}/recibo-${index}.pdf`,
      size: body(index).length,
      mtime,
    })),
    body,
  };
};

test('names in UTF-8, bytes and CRCs as another reader checks them, the exact announced size', async () => {
  const entries: StoredEntry[] = [
    { name: '000000000001 - Almacén Señor/recibo.pdf', size: 5, mtime },
    { name: 'vacío.xml', size: 0, mtime },
  ];
  const bodies = [Buffer.from('%PDF-'), Buffer.alloc(0)];
  const stream = archiveOf(entries, (index) => bodies[index] as Buffer);
  const bytes = await buffer(stream);
  expect(bytes.length).toBe(stream.size);
  expect(bytes.includes(ZIP64_END_RECORD)).toBe(false);
  const read = await readZip(bytes);
  expect(read.map((entry) => [entry.name, entry.data.toString(), entry.compressionMethod])).toEqual([
    ['000000000001 - Almacén Señor/recibo.pdf', '%PDF-', 0],
    ['vacío.xml', '', 0],
  ]);

  // The reader proves the CRCs: one byte changed in the stored data is caught.
  const altered = Buffer.from(bytes);
  altered[altered.indexOf('%PDF-') + 1] = 0x51;
  await expect(readZip(altered)).rejects.toThrow(/recibo\.pdf: CRC-32 \d+ is not the announced \d+/);
});

test('more than 65,534 entries are written as ZIP64, which yauzl and Info-ZIP unzip read in full', async () => {
  const { entries, body } = small(70_000);
  const stream = archiveOf(entries, body);
  const bytes = await buffer(stream);
  expect(bytes.length).toBe(stream.size);
  expect(bytes.includes(ZIP64_END_RECORD)).toBe(true);
  const read = await readZip(bytes);
  expect(read).toHaveLength(70_000);
  expect(read[69_999]).toMatchObject({ name: 'Servicio 6/recibo-69999.pdf' });
  expect(read[69_999]?.data.toString()).toBe('documento 69999');

  const unzip = spawnSync('unzip', ['-v'], { stdio: 'ignore' });
  if (unzip.error) return; // Info-ZIP is optional here; yauzl has checked every entry.
  const dir = await mkdtemp(join(tmpdir(), 'luz-zip64-'));
  try {
    const file = join(dir, 'many.zip');
    await writeFile(file, bytes);
    const check = spawnSync('unzip', ['-tqq', file], { encoding: 'utf8' });
    expect([check.status, check.stdout, check.stderr]).toEqual([0, '', '']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 120_000);

test('entries past 4 GiB get ZIP64 offsets that point at their local headers', async () => {
  // 66 entries of 64 MiB: 4.1 GiB streamed, never held. What goes out is kept only around the
  // headers and at the end, where the central directory and end records are.
  const size = 64 * 1024 * 1024;
  const data = Buffer.alloc(size, 0x25);
  const entries = Array.from({ length: 66 }, (_, index) => ({ name: `grande-${index}.pdf`, size, mtime }));
  const headersAt = new Map<number, Buffer>();
  let position = 0;
  let tail = Buffer.alloc(0);
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (chunk.length !== size) headersAt.set(position, chunk.subarray(0, 4));
      position += chunk.length;
      tail = chunk.length === size ? Buffer.alloc(0) : Buffer.concat([tail, chunk]);
      done();
    },
  });
  const stream = archiveOf(entries, () => data);
  await pipeline(stream, sink);
  expect(position).toBe(stream.size);
  expect(position).toBeGreaterThan(2 ** 32);

  // The end: ZIP64 end record and locator, then the classic record saying "see ZIP64".
  const end = tail.subarray(tail.length - 22);
  expect(end.readUInt32LE(0)).toBe(0x06054b50);
  expect(end.readUInt32LE(16)).toBe(0xffffffff);
  const zip64End = tail.subarray(tail.length - 22 - 20 - 56);
  expect(zip64End.readUInt32LE(0)).toBe(0x06064b50);
  const directoryOffset = Number(zip64End.readBigUInt64LE(48));
  const directory = tail.subarray(tail.length - (position - directoryOffset));
  let at = 0;
  for (let index = 0; index < entries.length; index += 1) {
    expect(directory.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    let offset = directory.readUInt32LE(at + 42);
    if (offset === 0xffffffff) {
      // The ZIP64 extra field (0x0001) follows the 9-byte timestamp field.
      const extra = at + 46 + nameLength + 9;
      expect(directory.readUInt16LE(extra)).toBe(0x0001);
      offset = Number(directory.readBigUInt64LE(extra + 4));
    }
    expect(headersAt.get(offset)?.readUInt32LE(0)).toBe(0x04034b50);
    if (index === entries.length - 1) expect(offset).toBeGreaterThan(2 ** 32);
    at += 46 + nameLength + extraLength;
  }
}, 300_000);

test('it reads batches ahead, but only so far, and stops reading when the archive is abandoned', async () => {
  const body = Buffer.alloc(256 * 1024, 0x25);
  const entries = Array.from({ length: 200 }, (_, index) => ({
    name: `recibo-${index}.pdf`,
    size: body.length,
    mtime,
  }));
  const asked: [number, number][] = [];
  let aborted = 0;
  const stream = storeZip(packed(entries), (first, end, signal) => {
    asked.push([first, end]);
    signal.addEventListener('abort', () => {
      aborted += 1;
    });
    return new Promise((resolve) =>
      setTimeout(() => resolve(Array.from({ length: end - first }, () => body)), 1),
    );
  });
  const first = await new Promise<Buffer>((resolve) =>
    stream.once('data', (chunk: Buffer) => {
      stream.pause();
      resolve(chunk);
    }),
  );
  expect(first.readUInt32LE(0)).toBe(0x04034b50);
  // Batches of 1 MiB (four of these entries), in order. The consumer took one chunk and paused:
  // the stream's buffer (1 MiB, one batch or two) and two batches ahead, and then, for as long as
  // it stays paused, no more.
  await waitFor(() => asked.length >= 3);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(asked.slice(0, 3)).toEqual([
    [0, 4],
    [4, 8],
    [8, 12],
  ]);
  expect(asked.length).toBeLessThanOrEqual(5);
  stream.destroy();
  const before = asked.length;
  await waitFor(() => aborted > 0);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(asked.length).toBe(before);
});

test('small entries are asked for a few hundred at a time; an entry past the byte budget alone', async () => {
  const sizes = [10, 10, 3 * 1024 * 1024, 10, ...Array.from({ length: 600 }, () => 10)];
  const list = sizes.map((size, index) => ({ name: `r${index}.xml`, size, mtime }));
  const asked: [number, number][] = [];
  const stream = storeZip(packed(list), async (first, end) => {
    asked.push([first, end]);
    return sizes.slice(first, end).map((size) => Buffer.alloc(size, 0x3c));
  });
  const bytes = await buffer(stream);
  expect(bytes.length).toBe(stream.size);
  expect(asked).toEqual([
    [0, 2],
    [2, 3],
    [3, 259],
    [259, 515],
    [515, 604],
  ]);
  expect((await readZip(bytes)).map((entry) => entry.size)).toEqual(sizes);
});

test('small entries go out gathered into a few large chunks', async () => {
  const { entries, body } = small(2_000);
  const chunks: Buffer[] = [];
  const stream = archiveOf(entries, body);
  // 'data' hears every push as it is made (an async iterator would join what is buffered).
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  await new Promise((resolve) => stream.once('end', resolve));
  const bytes = Buffer.concat(chunks);
  expect(bytes.length).toBe(stream.size);
  expect((await readZip(bytes)).map((entry) => entry.data.toString())).toEqual(
    entries.map((_, index) => body(index).toString()),
  );
  // 2,000 headers and 2,000 bodies (about 110 KB) in a handful of pushes, not 4,000.
  expect(chunks.length).toBeLessThan(20);
});

test('a read that fails, or bytes of another size than announced, break the archive', async () => {
  const { entries, body } = small(3);
  await expect(
    buffer(
      archiveOf(entries, async (index) => {
        if (index === 2) throw new Error('no está en el almacenamiento');
        return body(index);
      }),
    ),
  ).rejects.toThrow('no está en el almacenamiento');
  await expect(buffer(archiveOf(entries, () => Buffer.from('otro tamaño')))).rejects.toThrow(
    /bytes where .* were expected/,
  );
});

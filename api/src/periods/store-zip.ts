import { setMaxListeners } from 'node:events';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/**
 * A ZIP archive in store mode (no compression), written as a stream from entries whose names and
 * sizes are known before the first byte, so its exact length is too (`storedZipSize`). Each
 * entry's bytes are read whole, a few entries ahead of the writer, and their CRC-32 computed by
 * Node's zlib (native, gigabytes per second) before the local header goes out: no data
 * descriptors, which some readers refuse in store mode. ZIP64 records are written only where the
 * format needs them: an entry or offset past 4 GiB, or more than 65,534 entries.
 * Format: PKWARE APPNOTE 6.3.10, §4.3 (records) and §4.5 (extra fields).
 */
export type StoredEntry = { name: string; size: number; mtime: Date };

/** Reads one entry's bytes; `signal` aborts when the archive is abandoned. */
export type ReadEntry = (index: number, signal: AbortSignal) => Promise<Buffer>;

export type StoreZipOptions = {
  /** Entries read ahead of the one being written (at least one). */
  readAhead?: number;
  /** …and at most this many bytes of them (one entry larger than that is still read). */
  readAheadBytes?: number;
};

const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;
const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_OF_DIRECTORY = 22;
const ZIP64_END_OF_DIRECTORY = 56;
const ZIP64_LOCATOR = 20;
/** Info-ZIP extended timestamp (0x5455) with the modification time: 2 + 2 + 1 + 4 bytes. */
const TIMESTAMP_EXTRA = 9;
/** General purpose flag 11: names are UTF-8. */
const UTF8_NAMES = 0x0800;
/** Made by Unix (3), APPNOTE 6.3; files are -rw-r--r--. */
const MADE_BY = (3 << 8) | 63;
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
/** Smaller pieces are gathered into chunks of about this size before they are pushed. */
const WRITE_CHUNK = 64 * 1024;
/** How many central-directory records go out per chunk. */
const DIRECTORY_CHUNK = 1_000;

const bigEntry = (size: number) => size >= MAX_32;
const localZip64Extra = (size: number) => (bigEntry(size) ? 4 + 16 : 0);
const centralZip64Extra = (size: number, offset: number) =>
  (bigEntry(size) || offset >= MAX_32 ? 4 : 0) + (bigEntry(size) ? 16 : 0) + (offset >= MAX_32 ? 8 : 0);
const needsZip64End = (entries: number, directoryOffset: number, directorySize: number) =>
  entries >= MAX_16 || directoryOffset >= MAX_32 || directorySize >= MAX_32;

/** Where each entry's local header starts, where the directory starts and how long it is. */
function layout(entries: readonly StoredEntry[], nameLengths: readonly number[]) {
  const offsets = new Float64Array(entries.length);
  let offset = 0;
  let directorySize = 0;
  entries.forEach((entry, index) => {
    const nameLength = nameLengths[index] as number;
    offsets[index] = offset;
    offset += LOCAL_HEADER + nameLength + TIMESTAMP_EXTRA + localZip64Extra(entry.size) + entry.size;
    directorySize +=
      CENTRAL_HEADER + nameLength + TIMESTAMP_EXTRA + centralZip64Extra(entry.size, offsets[index] as number);
  });
  return { offsets, directoryOffset: offset, directorySize };
}

/** The archive's exact length in bytes: the response's Content-Length. */
export function storedZipSize(entries: readonly StoredEntry[]): number {
  const { directoryOffset, directorySize } = layout(
    entries,
    entries.map((entry) => Buffer.byteLength(entry.name)),
  );
  const zip64 = needsZip64End(entries.length, directoryOffset, directorySize);
  return (
    directoryOffset + directorySize + (zip64 ? ZIP64_END_OF_DIRECTORY + ZIP64_LOCATOR : 0) + END_OF_DIRECTORY
  );
}

/** MS-DOS date and time (local time, two-second steps; 1980 at the earliest). */
function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

function timestampExtra(target: Buffer, at: number, mtime: Date) {
  target.writeUInt16LE(0x5455, at);
  target.writeUInt16LE(5, at + 2);
  target.writeUInt8(1, at + 4);
  target.writeUInt32LE(Math.max(0, Math.floor(mtime.getTime() / 1000)) >>> 0, at + 5);
}

function localHeader(entry: StoredEntry, name: Buffer, crc: number): Buffer {
  const zip64 = localZip64Extra(entry.size);
  const header = Buffer.alloc(LOCAL_HEADER + name.length + TIMESTAMP_EXTRA + zip64);
  const { time, day } = dosDateTime(entry.mtime);
  const size32 = bigEntry(entry.size) ? MAX_32 : entry.size;
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(zip64 ? 45 : 20, 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(0, 8);
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(day, 12);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(size32, 18);
  header.writeUInt32LE(size32, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(TIMESTAMP_EXTRA + zip64, 28);
  name.copy(header, LOCAL_HEADER);
  const extra = LOCAL_HEADER + name.length;
  timestampExtra(header, extra, entry.mtime);
  if (zip64) {
    header.writeUInt16LE(0x0001, extra + TIMESTAMP_EXTRA);
    header.writeUInt16LE(16, extra + TIMESTAMP_EXTRA + 2);
    header.writeBigUInt64LE(BigInt(entry.size), extra + TIMESTAMP_EXTRA + 4);
    header.writeBigUInt64LE(BigInt(entry.size), extra + TIMESTAMP_EXTRA + 12);
  }
  return header;
}

function centralRecord(entry: StoredEntry, name: Buffer, crc: number, offset: number): Buffer {
  const zip64 = centralZip64Extra(entry.size, offset);
  const record = Buffer.alloc(CENTRAL_HEADER + name.length + TIMESTAMP_EXTRA + zip64);
  const { time, day } = dosDateTime(entry.mtime);
  const size32 = bigEntry(entry.size) ? MAX_32 : entry.size;
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(MADE_BY, 4);
  record.writeUInt16LE(zip64 ? 45 : 20, 6);
  record.writeUInt16LE(UTF8_NAMES, 8);
  record.writeUInt16LE(0, 10);
  record.writeUInt16LE(time, 12);
  record.writeUInt16LE(day, 14);
  record.writeUInt32LE(crc, 16);
  record.writeUInt32LE(size32, 20);
  record.writeUInt32LE(size32, 24);
  record.writeUInt16LE(name.length, 28);
  record.writeUInt16LE(TIMESTAMP_EXTRA + zip64, 30);
  record.writeUInt16LE(0, 32);
  record.writeUInt16LE(0, 34);
  record.writeUInt16LE(0, 36);
  record.writeUInt32LE(FILE_ATTRIBUTES, 38);
  record.writeUInt32LE(Math.min(offset, MAX_32), 42);
  name.copy(record, CENTRAL_HEADER);
  let at = CENTRAL_HEADER + name.length;
  timestampExtra(record, at, entry.mtime);
  at += TIMESTAMP_EXTRA;
  if (zip64) {
    record.writeUInt16LE(0x0001, at);
    record.writeUInt16LE(zip64 - 4, at + 2);
    at += 4;
    if (bigEntry(entry.size)) {
      record.writeBigUInt64LE(BigInt(entry.size), at);
      record.writeBigUInt64LE(BigInt(entry.size), at + 8);
      at += 16;
    }
    if (offset >= MAX_32) record.writeBigUInt64LE(BigInt(offset), at);
  }
  return record;
}

function endRecords(entries: number, directoryOffset: number, directorySize: number): Buffer {
  const zip64 = needsZip64End(entries, directoryOffset, directorySize);
  const end = Buffer.alloc((zip64 ? ZIP64_END_OF_DIRECTORY + ZIP64_LOCATOR : 0) + END_OF_DIRECTORY);
  let at = 0;
  if (zip64) {
    end.writeUInt32LE(0x06064b50, 0);
    end.writeBigUInt64LE(BigInt(ZIP64_END_OF_DIRECTORY - 12), 4);
    end.writeUInt16LE(MADE_BY, 12);
    end.writeUInt16LE(45, 14);
    end.writeUInt32LE(0, 16);
    end.writeUInt32LE(0, 20);
    end.writeBigUInt64LE(BigInt(entries), 24);
    end.writeBigUInt64LE(BigInt(entries), 32);
    end.writeBigUInt64LE(BigInt(directorySize), 40);
    end.writeBigUInt64LE(BigInt(directoryOffset), 48);
    end.writeUInt32LE(0x07064b50, 56);
    end.writeUInt32LE(0, 60);
    end.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 64);
    end.writeUInt32LE(1, 72);
    at = ZIP64_END_OF_DIRECTORY + ZIP64_LOCATOR;
  }
  const count = zip64 ? MAX_16 : entries;
  end.writeUInt32LE(0x06054b50, at);
  end.writeUInt16LE(0, at + 4);
  end.writeUInt16LE(0, at + 6);
  end.writeUInt16LE(count, at + 8);
  end.writeUInt16LE(count, at + 10);
  end.writeUInt32LE(zip64 ? MAX_32 : directorySize, at + 12);
  end.writeUInt32LE(zip64 ? MAX_32 : directoryOffset, at + 16);
  end.writeUInt16LE(0, at + 20);
  return end;
}

class StoreZipStream extends Readable {
  private readonly abort = new AbortController();
  private readonly reads = new Map<number, Promise<Buffer>>();
  private readonly crcs: Uint32Array;
  private readonly offsets: Float64Array;
  private readonly directoryOffset: number;
  private readonly directorySize: number;
  /** The next entry to write, then the next central record (from `entries.length` on). */
  private next = 0;
  /** The first entry not yet asked from storage, and the bytes asked for but not yet written. */
  private nextRead = 0;
  private bytesAhead = 0;
  private pumping = false;
  private readonly readAhead: number;
  private readonly readAheadBytes: number;

  constructor(
    private readonly entries: readonly StoredEntry[],
    private readonly readEntry: ReadEntry,
    options: StoreZipOptions,
  ) {
    super({ highWaterMark: 1024 * 1024 });
    this.readAhead = Math.max(1, options.readAhead ?? 16);
    // Bounds the memory of an export whatever its documents' sizes (20 receipts of 100 KB).
    this.readAheadBytes = options.readAheadBytes ?? 2 * 1024 * 1024;
    // Each read in flight may listen for the abort: no leak warning for as many as are allowed.
    setMaxListeners(this.readAhead + 10, this.abort.signal);
    this.crcs = new Uint32Array(entries.length);
    const { offsets, directoryOffset, directorySize } = layout(
      entries,
      entries.map((entry) => Buffer.byteLength(entry.name)),
    );
    this.offsets = offsets;
    this.directoryOffset = directoryOffset;
    this.directorySize = directorySize;
  }

  override _read() {
    if (!this.pumping) void this.pump();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.abort.abort();
    this.reads.clear();
    callback(error);
  }

  /** Starts the reads of the entries ahead, within the count and byte budgets. */
  private readOn() {
    while (
      this.nextRead < this.entries.length &&
      this.nextRead < this.next + this.readAhead &&
      (this.nextRead === this.next || this.bytesAhead < this.readAheadBytes)
    ) {
      const index = this.nextRead;
      const reading = this.readEntry(index, this.abort.signal);
      // A read ahead that fails is reported when its turn comes, never as an unhandled rejection.
      reading.catch(() => undefined);
      this.reads.set(index, reading);
      this.bytesAhead += (this.entries[index] as StoredEntry).size;
      this.nextRead += 1;
    }
  }

  private async chunks(): Promise<Buffer[] | null> {
    const count = this.entries.length;
    if (this.next < count) {
      const index = this.next;
      const entry = this.entries[index] as StoredEntry;
      this.readOn();
      const data = await (this.reads.get(index) as Promise<Buffer>);
      this.reads.delete(index);
      this.bytesAhead -= entry.size;
      if (data.length !== entry.size)
        throw new Error(`${entry.name}: ${data.length} bytes where ${entry.size} were expected`);
      const crc = crc32(data);
      this.crcs[index] = crc;
      this.next += 1;
      return [localHeader(entry, Buffer.from(entry.name), crc), data];
    }
    if (this.next < 2 * count) {
      const first = this.next - count;
      const last = Math.min(count, first + DIRECTORY_CHUNK);
      const records: Buffer[] = [];
      for (let index = first; index < last; index += 1) {
        const entry = this.entries[index] as StoredEntry;
        records.push(
          centralRecord(
            entry,
            Buffer.from(entry.name),
            this.crcs[index] as number,
            this.offsets[index] as number,
          ),
        );
      }
      this.next = count + last;
      return [Buffer.concat(records)];
    }
    if (this.next === 2 * count) {
      this.next += 1;
      return [endRecords(count, this.directoryOffset, this.directorySize)];
    }
    return null;
  }

  private async pump() {
    this.pumping = true;
    // Small pieces (headers, receipts of a few KB) go out gathered into chunks of about
    // WRITE_CHUNK: one socket write for dozens of entries instead of two per entry.
    const pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = () => {
      const chunk = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending, pendingBytes);
      pending.length = 0;
      pendingBytes = 0;
      return this.push(chunk);
    };
    try {
      for (;;) {
        const chunks = await this.chunks();
        if (this.destroyed) return;
        if (chunks === null) {
          if (pendingBytes > 0) flush();
          this.push(null);
          return;
        }
        let more = true;
        for (const chunk of chunks) {
          if (chunk.length >= WRITE_CHUNK) {
            if (pendingBytes > 0) more = flush() && more;
            more = this.push(chunk) && more;
          } else {
            pending.push(chunk);
            pendingBytes += chunk.length;
            if (pendingBytes >= WRITE_CHUNK) more = flush() && more;
          }
        }
        if (!more) {
          if (pendingBytes > 0) flush();
          return;
        }
      }
    } catch (error) {
      this.destroy(error as Error);
    } finally {
      this.pumping = false;
    }
  }
}

/**
 * The archive as a stream: it pulls each entry's bytes through `read` as the client takes them
 * (backpressure), reads ahead, and, once destroyed, aborts the reads in flight and starts no
 * other. A failed read or a size that does not match destroys the stream with the error.
 */
export function storeZip(
  entries: readonly StoredEntry[],
  read: ReadEntry,
  options: StoreZipOptions = {},
): Readable {
  return new StoreZipStream(entries, read, options);
}

import { setMaxListeners } from 'node:events';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { ZipEntries } from './zip-entries';
import {
  centralRecordLength,
  endRecords,
  localHeaderLength,
  writeCentralRecord,
  writeLocalHeader,
  type ZipLayout,
  zipLayout,
} from './zip-records';

/**
 * A ZIP archive in store mode (no compression), written as a stream from entries whose names and
 * sizes are known before the first byte, so its exact length is too (`size`). Entries are read
 * whole from storage in batches (a few hundred small receipts, or about a megabyte), a couple of
 * batches ahead of the one being written, and each CRC-32 is computed by Node's zlib (native,
 * gigabytes per second) before its local header goes out: no data descriptors, which some
 * readers refuse in store mode.
 */

/** Reads entries `first` to `end` (excluded) whole, in order; `signal` aborts when the archive is abandoned. */
export type ReadEntries = (first: number, end: number, signal: AbortSignal) => Promise<Buffer[]>;

export type StoreZipOptions = {
  /** Entries asked for in one batch, at most… */
  batchEntries?: number;
  /** …and bytes (an entry larger than that is a batch of its own). */
  batchBytes?: number;
  /** Batches asked for ahead of the one being written (at least one). */
  readAhead?: number;
};

/**
 * Entries at least this large go out as their own chunk, without being copied; smaller ones are
 * copied with their headers into one chunk per batch (one socket write for hundreds of entries).
 */
const OWN_CHUNK = 64 * 1024;
/** Central-directory records per chunk. */
const DIRECTORY_CHUNK = 4_000;

type Batch = { first: number; end: number; files: Promise<Buffer[]> };

export class StoreZipStream extends Readable {
  /** The archive's exact length in bytes: the response's Content-Length. */
  readonly size: number;
  private readonly abort = new AbortController();
  private readonly layout: ZipLayout;
  private readonly crcs: Uint32Array;
  private readonly batches: Batch[] = [];
  /** The next entry to write, then the next central record (from `entries.count` on). */
  private next = 0;
  /** The first entry not yet asked for. */
  private nextRead = 0;
  private pumping = false;
  private readonly batchEntries: number;
  private readonly batchBytes: number;
  private readonly readAhead: number;

  constructor(
    private readonly entries: ZipEntries,
    private readonly readEntries: ReadEntries,
    options: StoreZipOptions,
  ) {
    super({ highWaterMark: 1024 * 1024 });
    this.batchEntries = Math.max(1, options.batchEntries ?? 256);
    // With the read-ahead, bounds an export's memory whatever its documents' sizes.
    this.batchBytes = options.batchBytes ?? 1024 * 1024;
    this.readAhead = Math.max(1, options.readAhead ?? 2);
    // Each batch in flight may listen for the abort: no leak warning for as many as are allowed.
    setMaxListeners(this.readAhead + 10, this.abort.signal);
    this.layout = zipLayout(entries);
    this.size = this.layout.size;
    this.crcs = new Uint32Array(entries.count);
  }

  override _read() {
    if (!this.pumping) void this.pump();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.abort.abort();
    this.batches.length = 0;
    callback(error);
  }

  /** Asks for the next batches until `readAhead` of them wait. */
  private readOn() {
    const { sizes, count } = this.entries;
    while (this.batches.length < this.readAhead && this.nextRead < count) {
      const first = this.nextRead;
      let end = first + 1;
      let bytes = sizes[first] as number;
      while (
        end < count &&
        end - first < this.batchEntries &&
        bytes + (sizes[end] as number) <= this.batchBytes
      ) {
        bytes += sizes[end] as number;
        end += 1;
      }
      const files = this.readEntries(first, end, this.abort.signal);
      // A batch read ahead that fails is reported when its turn comes, never as an unhandled rejection.
      files.catch(() => undefined);
      this.batches.push({ first, end, files });
      this.nextRead = end;
    }
  }

  /** The next batch of entries as chunks: gathered headers and small files, large files alone. */
  private async entryChunks(): Promise<Buffer[]> {
    this.readOn();
    const { first, end, files: reading } = this.batches.shift() as Batch;
    // The next ones are read while this one is written.
    this.readOn();
    const files = await reading;
    const { entries } = this;
    if (files.length !== end - first)
      throw new Error(`${files.length} documents read where ${end - first} were asked for`);
    let gathered = 0;
    for (let index = first; index < end; index += 1) {
      const size = entries.sizes[index] as number;
      const data = files[index - first] as Buffer;
      if (data.length !== size)
        throw new Error(`${entries.name(index)}: ${data.length} bytes where ${size} were expected`);
      gathered += localHeaderLength(entries, index) + (size < OWN_CHUNK ? size : 0);
    }
    const out = Buffer.allocUnsafe(gathered);
    const chunks: Buffer[] = [];
    let start = 0;
    let at = 0;
    for (let index = first; index < end; index += 1) {
      const data = files[index - first] as Buffer;
      const crc = crc32(data);
      this.crcs[index] = crc;
      at = writeLocalHeader(entries, index, crc, out, at);
      if (data.length < OWN_CHUNK) at += data.copy(out, at);
      else {
        chunks.push(out.subarray(start, at), data);
        start = at;
      }
    }
    if (at > start) chunks.push(out.subarray(start, at));
    this.next = end;
    return chunks;
  }

  private directoryChunk(): Buffer {
    const { entries, crcs } = this;
    const { offsets } = this.layout;
    const first = this.next - entries.count;
    const end = Math.min(entries.count, first + DIRECTORY_CHUNK);
    let length = 0;
    for (let index = first; index < end; index += 1)
      length += centralRecordLength(entries, index, offsets[index] as number);
    const chunk = Buffer.allocUnsafe(length);
    let at = 0;
    for (let index = first; index < end; index += 1)
      at = writeCentralRecord(entries, index, crcs[index] as number, offsets[index] as number, chunk, at);
    this.next = entries.count + end;
    return chunk;
  }

  private async chunks(): Promise<Buffer[] | null> {
    const { count } = this.entries;
    if (this.next < count) return await this.entryChunks();
    if (this.next < 2 * count) return [this.directoryChunk()];
    if (this.next === 2 * count) {
      this.next += 1;
      return [endRecords(this.layout, count)];
    }
    return null;
  }

  private async pump() {
    this.pumping = true;
    try {
      for (let more = true; more; ) {
        const chunks = await this.chunks();
        if (this.destroyed) return;
        if (chunks === null) {
          this.push(null);
          return;
        }
        for (const chunk of chunks) more = this.push(chunk) && more;
      }
    } catch (error) {
      this.destroy(error as Error);
    } finally {
      this.pumping = false;
    }
  }
}

/**
 * The archive as a stream: it pulls the entries' bytes through `read` as the client takes them
 * (backpressure), reads ahead, and, once destroyed, aborts the reads in flight and starts no
 * other. A failed read or a size that does not match destroys the stream with the error.
 */
export function storeZip(
  entries: ZipEntries,
  read: ReadEntries,
  options: StoreZipOptions = {},
): StoreZipStream {
  return new StoreZipStream(entries, read, options);
}

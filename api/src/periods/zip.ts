import type { Readable } from 'node:stream';
import { type EndOptions, ZipFile } from 'yazl';
import type { DocumentStorage } from '../storage';
import { periodDocumentName, servicePointFolder } from './file-names';
import type { SelectedDocument } from './service';

/** Storage reads started ahead of the one being written, so S3 latency overlaps the transfer. */
const PREFETCH = 4;

export type PeriodsZip = {
  /** The archive as it is written; destroy it to stop (the open storage streams are closed). */
  stream: Readable;
  /** Exact size in bytes (store mode with known sizes): the response's Content-Length. */
  size: number;
  entries: number;
};

/**
 * Reads the documents of a ZIP from storage in order, a few ahead of the writer, and closes
 * whatever is open when the download stops early.
 */
class StorageReader {
  private readonly pending = new Map<number, Promise<Readable>>();
  private readonly open = new Set<Readable>();
  private stopped = false;

  constructor(
    private readonly storage: DocumentStorage,
    private readonly keys: readonly string[],
  ) {}

  private start(index: number) {
    const key = this.keys[index];
    if (key === undefined || this.pending.has(index)) return;
    const opening = this.storage.get(key).then((stream) => {
      if (this.stopped) {
        stream.destroy();
        throw new Error('ZIP download stopped');
      }
      this.open.add(stream);
      stream.once('close', () => this.open.delete(stream));
      return stream;
    });
    // A prefetched read that fails is reported when its turn comes, never as an unhandled rejection.
    opening.catch(() => undefined);
    this.pending.set(index, opening);
  }

  read(index: number): Promise<Readable> {
    if (this.stopped) return Promise.reject(new Error('ZIP download stopped'));
    for (let ahead = index; ahead <= index + PREFETCH; ahead += 1) this.start(ahead);
    const stream = this.pending.get(index) as Promise<Readable>;
    this.pending.delete(index);
    return stream.catch((error: unknown) => {
      throw new Error(`Document ${this.keys[index]} could not be read from storage`, { cause: error });
    });
  }

  stop() {
    this.stopped = true;
    for (const stream of this.open) stream.destroy();
    this.open.clear();
    for (const opening of this.pending.values())
      opening.then((stream) => stream.destroy()).catch(() => undefined);
    this.pending.clear();
  }
}

/** yazl's fixed central-directory record and its Info-ZIP timestamp field, per entry. */
const CENTRAL_RECORD_BYTES = 46 + 9;

/**
 * yazl 3.3.1 predicts the ZIP64 end records as soon as the central directory reaches 64 KiB
 * (about 300 files), but writes them only from 4 GiB or 65,535 entries: the announced size would
 * then be 76 bytes too long and every large download would look truncated. Asking for the ZIP64
 * end records from a little below that threshold makes the prediction and the archive agree,
 * whichever way yazl decides; small archives stay plain ZIP. Every current unzip tool reads ZIP64.
 */
export function needsZip64EndRecord(paths: readonly string[]): boolean {
  const centralDirectory = paths.reduce(
    (total, path) => total + CENTRAL_RECORD_BYTES + Buffer.byteLength(path),
    0,
  );
  return centralDirectory >= 0xffff - 1024;
}

/**
 * A ZIP of the given documents, streamed in store mode (no compression: PDFs and XML receipts
 * gain little, and the bytes go out as fast as storage gives them). One folder per service point,
 * named by its service number and alias; each file named by the service number and the period's
 * dates. File data is never held in memory: each document is piped from storage when its turn
 * comes. What grows with the number of files is only the ZIP's central directory (about a
 * hundred bytes per entry), which the format needs at the end of the archive. Archives over 4 GiB
 * or 65,535 entries are written as ZIP64 by yazl.
 *
 * `onError` hears a failure while streaming (a document missing from storage, a size that does
 * not match): the stream is then destroyed, so the client sees a broken download, never a
 * silently incomplete archive.
 */
export function createPeriodsZip(
  storage: DocumentStorage,
  documents: readonly SelectedDocument[],
  onError: (error: Error) => void,
): PeriodsZip {
  const zip = new ZipFile();
  const reader = new StorageReader(
    storage,
    documents.map((document) => document.storageKey),
  );
  const folders = new Map<string, string>();
  const usedFolders = new Set<string>();
  const folderOf = (document: SelectedDocument) => {
    const known = folders.get(document.rpuId);
    if (known) return known;
    const base = servicePointFolder(document.serviceNumber, document.alias);
    let folder = base;
    for (let copy = 2; usedFolders.has(folder); copy += 1) folder = `${base} (${copy})`;
    folders.set(document.rpuId, folder);
    usedFolders.add(folder);
    return folder;
  };

  const paths = documents.map(
    (document) =>
      `${folderOf(document)}/${periodDocumentName(document.serviceNumber, document.initialDate, document.finalDate, document.kind)}`,
  );
  documents.forEach((document, index) => {
    zip.addReadStreamLazy(
      paths[index] as string,
      { compress: false, size: document.sizeBytes, mtime: document.createdAt, mode: 0o100644 },
      (callback) => {
        reader.read(index).then(
          (stream) => callback(null, stream),
          (error: Error) => callback(error, undefined as unknown as NodeJS.ReadableStream),
        );
      },
    );
  });

  let size = -1;
  // @types/yazl leaves out the callback's argument; with store mode and every size given, yazl
  // calls it during end() with the archive's size.
  const end = zip.end.bind(zip) as (options: Partial<EndOptions>, done: (total: number) => void) => void;
  end({ forceZip64Format: needsZip64EndRecord(paths) }, (total) => {
    size = total;
  });

  const stream = zip.outputStream as Readable;
  let failed = false;
  zip.on('error', (error: Error) => {
    if (failed) return;
    failed = true;
    reader.stop();
    onError(error);
    stream.destroy(error);
  });
  // The client went away (or the server stops): close what storage has open.
  stream.once('close', () => reader.stop());
  if (size < 0) throw new Error('The ZIP size could not be computed in advance');
  return { stream, size, entries: documents.length };
}

import type { Readable } from 'node:stream';
import type { DocumentStorage } from '../storage';
import { periodDocumentName, servicePointFolder } from './file-names';
import type { SelectedDocument } from './service';
import { storedZipSize, storeZip } from './store-zip';

export type PeriodsZip = {
  /** The archive as it is written; destroy it to stop (the reads in flight are aborted). */
  stream: Readable;
  /** Exact size in bytes (store mode with known sizes): the response's Content-Length. */
  size: number;
  entries: number;
};

/** A document's bytes from storage, whole; the read stops when the archive is abandoned. */
async function readDocument(storage: DocumentStorage, key: string, signal: AbortSignal): Promise<Buffer> {
  try {
    return await storage.read(key, signal);
  } catch (error) {
    throw new Error(`Document ${key} could not be read from storage`, { cause: error });
  }
}

/**
 * A ZIP of the given documents, streamed in store mode (no compression: PDFs and XML receipts
 * gain little, and the bytes go out as fast as storage gives them). One folder per service point,
 * named by its service number and alias; each file named by the service number and the period's
 * dates. Documents are read whole a few at a time ahead of the writer (store-zip.ts), so memory
 * holds those few plus the archive's central directory (about a hundred bytes per entry), which
 * the format needs at the end.
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

  const entries = documents.map((document) => ({
    name: `${folderOf(document)}/${periodDocumentName(document.serviceNumber, document.initialDate, document.finalDate, document.kind, document.companion)}`,
    size: document.sizeBytes,
    mtime: document.createdAt,
  }));
  const stream = storeZip(entries, (index, signal) =>
    readDocument(storage, (documents[index] as SelectedDocument).storageKey, signal),
  );
  stream.once('error', onError);
  return { stream, size: storedZipSize(entries), entries: documents.length };
}

import type { Readable } from 'node:stream';
import type { DocumentStorage } from '../storage';
import { periodDocumentName, servicePointFolder } from './file-names';
import type { SelectedDocument } from './service';
import { storeZip } from './store-zip';
import { PackedStrings, ZipEntries } from './zip-entries';

export type PeriodsZip = {
  /** The archive as it is written; destroy it to stop (the reads in flight are aborted). */
  stream: Readable;
  /** Exact size in bytes (store mode with known sizes): the response's Content-Length. */
  size: number;
  entries: number;
};

/**
 * A ZIP of the documents the batches bring, streamed in store mode (no compression: PDFs and XML
 * receipts gain little, and the bytes go out as fast as storage gives them). One folder per
 * service point, named by its service number and alias; each file named by the service number and
 * the period's dates. Each batch's documents are packed into the archive's entries and storage
 * keys as it arrives (zip-entries.ts), so a whole account's metadata never exists as one list of
 * objects. Documents are read whole in batches (`DocumentStorage.readMany`) a couple ahead of the
 * writer (store-zip.ts), so memory holds those few plus the packed entries.
 *
 * `onError` hears a failure while streaming (a document missing from storage, a size that does
 * not match): the stream is then destroyed, so the client sees a broken download, never a
 * silently incomplete archive. Null when the batches bring no document.
 */
export async function createPeriodsZip(
  storage: DocumentStorage,
  batches: AsyncIterable<readonly SelectedDocument[]> | Iterable<readonly SelectedDocument[]>,
  onError: (error: Error) => void,
): Promise<PeriodsZip | null> {
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

  const entries = new ZipEntries();
  const keys = new PackedStrings();
  for await (const batch of batches) {
    for (const document of batch) {
      entries.add(
        `${folderOf(document)}/${periodDocumentName(document.serviceNumber, document.initialDate, document.finalDate, document.kind, document.companion)}`,
        document.sizeBytes,
        document.createdAt,
      );
      keys.add(document.storageKey);
    }
  }
  if (entries.count === 0) return null;
  const stream = storeZip(entries, (first, end, signal) =>
    storage.readMany(
      Array.from({ length: end - first }, (_, at) => keys.get(first + at)),
      signal,
    ),
  );
  stream.once('error', onError);
  return { stream, size: stream.size, entries: entries.count };
}

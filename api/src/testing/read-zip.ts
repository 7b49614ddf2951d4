import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';

export type ZipEntry = { name: string; data: Buffer; compressionMethod: number; size: number };

/**
 * Opens a ZIP with yauzl (another implementation than the writer's) and reads every entry:
 * names, bytes and compression method. yauzl checks each entry's CRC-32 and sizes as it reads.
 */
export async function readZip(archive: Buffer): Promise<ZipEntry[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(archive, { lazyEntries: true, validateEntrySizes: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  const entries: ZipEntry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        buffer(stream).then((data) => {
          entries.push({
            name: entry.fileName,
            data,
            compressionMethod: entry.compressionMethod,
            size: entry.uncompressedSize,
          });
          zip.readEntry();
        }, reject);
      });
    });
    zip.readEntry();
  });
  return entries;
}

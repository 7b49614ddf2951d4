import type { ZipEntries } from './zip-entries';

/**
 * The records of a store-mode ZIP, written in place into the writer's chunks, and the archive's
 * layout, which names and sizes alone determine. ZIP64 records appear only where the format
 * needs them: an entry or offset past 4 GiB, or more than 65,534 entries.
 * Format: PKWARE APPNOTE 6.3.10, §4.3 (records) and §4.5 (extra fields).
 */

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

const bigEntry = (size: number) => size >= MAX_32;
const localZip64Extra = (size: number) => (bigEntry(size) ? 4 + 16 : 0);
const centralZip64Extra = (size: number, offset: number) =>
  (bigEntry(size) || offset >= MAX_32 ? 4 : 0) + (bigEntry(size) ? 16 : 0) + (offset >= MAX_32 ? 8 : 0);
const needsZip64End = (entries: number, directoryOffset: number, directorySize: number) =>
  entries >= MAX_16 || directoryOffset >= MAX_32 || directorySize >= MAX_32;

export const localHeaderLength = (entries: ZipEntries, index: number) =>
  LOCAL_HEADER +
  entries.nameLength(index) +
  TIMESTAMP_EXTRA +
  localZip64Extra(entries.sizes[index] as number);

export const centralRecordLength = (entries: ZipEntries, index: number, offset: number) =>
  CENTRAL_HEADER +
  entries.nameLength(index) +
  TIMESTAMP_EXTRA +
  centralZip64Extra(entries.sizes[index] as number, offset);

const endRecordsLength = (entries: number, directoryOffset: number, directorySize: number) =>
  (needsZip64End(entries, directoryOffset, directorySize) ? ZIP64_END_OF_DIRECTORY + ZIP64_LOCATOR : 0) +
  END_OF_DIRECTORY;

export type ZipLayout = {
  /** Where each entry's local header starts. */
  offsets: Float64Array;
  directoryOffset: number;
  directorySize: number;
  /** The archive's exact length in bytes: the response's Content-Length. */
  size: number;
};

export function zipLayout(entries: ZipEntries): ZipLayout {
  const offsets = new Float64Array(entries.count);
  let offset = 0;
  let directorySize = 0;
  for (let index = 0; index < entries.count; index += 1) {
    offsets[index] = offset;
    directorySize += centralRecordLength(entries, index, offset);
    offset += localHeaderLength(entries, index) + (entries.sizes[index] as number);
  }
  return {
    offsets,
    directoryOffset: offset,
    directorySize,
    size: offset + directorySize + endRecordsLength(entries.count, offset, directorySize),
  };
}

function timestampExtra(target: Buffer, at: number, unixTime: number) {
  target.writeUInt16LE(0x5455, at);
  target.writeUInt16LE(5, at + 2);
  target.writeUInt8(1, at + 4);
  target.writeUInt32LE(unixTime, at + 5);
}

/** Writes entry `index`'s local header into `target` at `at`; answers where it ends. */
export function writeLocalHeader(
  entries: ZipEntries,
  index: number,
  crc: number,
  target: Buffer,
  at: number,
) {
  const size = entries.sizes[index] as number;
  const zip64 = localZip64Extra(size);
  const dosTime = entries.dosTimes[index] as number;
  const size32 = bigEntry(size) ? MAX_32 : size;
  target.writeUInt32LE(0x04034b50, at);
  target.writeUInt16LE(zip64 ? 45 : 20, at + 4);
  target.writeUInt16LE(UTF8_NAMES, at + 6);
  target.writeUInt16LE(0, at + 8);
  target.writeUInt32LE(dosTime, at + 10);
  target.writeUInt32LE(crc, at + 14);
  target.writeUInt32LE(size32, at + 18);
  target.writeUInt32LE(size32, at + 22);
  target.writeUInt16LE(entries.nameLength(index), at + 26);
  target.writeUInt16LE(TIMESTAMP_EXTRA + zip64, at + 28);
  let end = at + LOCAL_HEADER + entries.copyName(index, target, at + LOCAL_HEADER);
  timestampExtra(target, end, entries.unixTimes[index] as number);
  end += TIMESTAMP_EXTRA;
  if (zip64) {
    target.writeUInt16LE(0x0001, end);
    target.writeUInt16LE(16, end + 2);
    target.writeBigUInt64LE(BigInt(size), end + 4);
    target.writeBigUInt64LE(BigInt(size), end + 12);
    end += 20;
  }
  return end;
}

/** Writes entry `index`'s central-directory record into `target` at `at`; answers where it ends. */
export function writeCentralRecord(
  entries: ZipEntries,
  index: number,
  crc: number,
  offset: number,
  target: Buffer,
  at: number,
) {
  const size = entries.sizes[index] as number;
  const zip64 = centralZip64Extra(size, offset);
  const size32 = bigEntry(size) ? MAX_32 : size;
  target.writeUInt32LE(0x02014b50, at);
  target.writeUInt16LE(MADE_BY, at + 4);
  target.writeUInt16LE(zip64 ? 45 : 20, at + 6);
  target.writeUInt16LE(UTF8_NAMES, at + 8);
  target.writeUInt16LE(0, at + 10);
  target.writeUInt32LE(entries.dosTimes[index] as number, at + 12);
  target.writeUInt32LE(crc, at + 16);
  target.writeUInt32LE(size32, at + 20);
  target.writeUInt32LE(size32, at + 24);
  target.writeUInt16LE(entries.nameLength(index), at + 28);
  target.writeUInt16LE(TIMESTAMP_EXTRA + zip64, at + 30);
  target.writeUInt16LE(0, at + 32);
  target.writeUInt16LE(0, at + 34);
  target.writeUInt16LE(0, at + 36);
  target.writeUInt32LE(FILE_ATTRIBUTES, at + 38);
  target.writeUInt32LE(Math.min(offset, MAX_32), at + 42);
  let end = at + CENTRAL_HEADER + entries.copyName(index, target, at + CENTRAL_HEADER);
  timestampExtra(target, end, entries.unixTimes[index] as number);
  end += TIMESTAMP_EXTRA;
  if (zip64) {
    target.writeUInt16LE(0x0001, end);
    target.writeUInt16LE(zip64 - 4, end + 2);
    end += 4;
    if (bigEntry(size)) {
      target.writeBigUInt64LE(BigInt(size), end);
      target.writeBigUInt64LE(BigInt(size), end + 8);
      end += 16;
    }
    if (offset >= MAX_32) {
      target.writeBigUInt64LE(BigInt(offset), end);
      end += 8;
    }
  }
  return end;
}

/** The end of central directory record, preceded by the ZIP64 ones when needed. */
export function endRecords(layout: ZipLayout, entries: number): Buffer {
  const { directoryOffset, directorySize } = layout;
  const zip64 = needsZip64End(entries, directoryOffset, directorySize);
  const end = Buffer.alloc(endRecordsLength(entries, directoryOffset, directorySize));
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

import { Readable } from 'node:stream';

/** Excel reads UTF-8 (accents, ñ) right only when the file starts with a byte-order mark. */
export const BOM = '\uFEFF';

/** Lines are sent in chunks of about this size: few writes, and memory flat however long the export. */
const CHUNK_BYTES = 64 * 1024;

/** A field as RFC 4180 wants it: quoted when it holds a comma, a quote, a line break or edge spaces. */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Free text a user or the portal wrote: a leading = + - @ (or tab, carriage return) would make a
 * spreadsheet run it as a formula (CSV injection), so such a value gets a leading apostrophe.
 */
export function csvText(value: string | null): string {
  const text = value ?? '';
  return csvField(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
}

export const csvYesNo = (value: boolean) => (value ? 'Sí' : 'No');

/** A calendar date (yyyy-MM-dd) as the interface shows it (spec §3: dd/MM/yyyy). */
export function csvDate(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/**
 * A CSV download: BOM and the header line, then the lines as they are produced, CRLF line ends.
 * `lines` may be an async generator reading the database in batches.
 */
export function csvStream(
  header: readonly string[],
  lines: Iterable<string> | AsyncIterable<string>,
): Readable {
  async function* chunks() {
    yield `${BOM}${header.map(csvField).join(',')}\r\n`;
    let chunk = '';
    for await (const line of lines) {
      chunk += `${line}\r\n`;
      if (chunk.length >= CHUNK_BYTES) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(chunks());
}

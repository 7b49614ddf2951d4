import { Readable } from 'node:stream';

/** Excel reads UTF-8 (accents, ñ) right only when the file starts with a byte-order mark. */
export const BOM = '\uFEFF';

/** Lines are sent in chunks of about this size: few writes, and memory flat however long the export. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Where a spreadsheet may cut a cell into several: the separators Excel and LibreOffice use or
 * guess (comma; semicolon where the decimal mark is a comma, as Excel does in many locales; tab;
 * pipe) and line breaks. Our file uses commas, but a user may open it with another separator,
 * and then a quote in the middle of a field protects nothing.
 */
const splitters = /([,;\t|\r\n])/;
/** What makes a spreadsheet evaluate a cell (after blanks or quotes it skips): = + - @ and their full-width forms. */
const formulaStart = /^[\s"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A number (an amount, a negative one included) is data, never a formula. */
const plainNumber = /^\s*[-+]?\d+(?:[.,]\d+)?\s*$/;

const neutralise = (piece: string) =>
  formulaStart.test(piece) && !plainNumber.test(piece) ? `'${piece}` : piece;

/**
 * One cell of a CSV line, whatever it holds (free text from a user or the portal, a label, an
 * amount). Every piece a spreadsheet could see as a cell of its own (the whole value, and what
 * follows any separator or line break inside it) gets a leading apostrophe when it would start a
 * formula (CSV injection, e.g. `x;=1+1` opened with `;` as the separator); then the value is
 * quoted as RFC 4180 wants when it holds a quote, a separator, a line break or edge blanks.
 * Every CSV writer builds its lines with `csvLine`, which uses this for every cell.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = value
    .split(splitters)
    .map((piece, index) => (index % 2 === 0 ? neutralise(piece) : piece))
    .join('');
  return /[",;\t|\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV line of cells (without its line end). */
export const csvLine = (cells: readonly (string | number | null)[]) => cells.map(csvCell).join(',');

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
    yield `${BOM}${csvLine(header)}\r\n`;
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

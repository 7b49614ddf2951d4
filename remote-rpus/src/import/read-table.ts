import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/universal';
import { analyseTable, type ImportAnalysis } from './import-rows';

export type FileKind = 'csv' | 'xlsx';

/** The kind of an import file by its name; null for anything else (.xls, .ods, …). */
export function fileKindOf(name: string): FileKind | null {
  const extension = name.toLowerCase().split('.').pop();
  if (extension === 'csv' || extension === 'txt') return 'csv';
  if (extension === 'xlsx') return 'xlsx';
  return null;
}

/**
 * The text of a CSV file. UTF-8 (with or without BOM) is what we write and what modern Excel
 * writes with "CSV UTF-8"; Excel's plain "CSV" in Spanish is Windows-1252, so a file that is not
 * valid UTF-8 is read as that.
 */
export function decodeCsv(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Rows of a CSV text; the delimiter (comma, semicolon or tab) is detected. */
export function parseCsv(text: string): string[][] {
  const result = Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t', '|'],
  });
  return result.data;
}

/** A spreadsheet cell as text: numbers without exponent or float noise, dates as yyyy-MM-dd. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  return String(value);
}

/** Rows of the first sheet of an .xlsx workbook, as text. */
export async function parseXlsx(bytes: ArrayBuffer): Promise<string[][]> {
  const data = await readSheet(bytes);
  return data.map((row) => row.map(cellText));
}

/** Reads the file and applies the import rules: what the worker (or the page, as a fallback) runs. */
export async function analyseFile(
  bytes: ArrayBuffer,
  name: string,
  knownCfeUsers: readonly string[],
): Promise<ImportAnalysis> {
  const kind = fileKindOf(name);
  if (!kind) return { ok: false, error: 'unsupported' };
  let table: string[][];
  try {
    table = kind === 'csv' ? parseCsv(decodeCsv(bytes)) : await parseXlsx(bytes);
  } catch {
    return { ok: false, error: 'unreadable' };
  }
  return analyseTable(table, new Set(knownCfeUsers.map((user) => user.toLowerCase())));
}

// The import's rules, run inside the import worker (and, without one, by the page's fallback,
// loaded on demand). On the page they come from the SDK the host shares; the worker, a realm with
// no federation, resolves `@luz/shared` to the SDK's contract alone (shared/build/rsbuild-remote.ts).
import {
  holderNameMessage,
  holderNameProblem,
  MAX_ALIAS_LENGTH,
  MAX_IMPORT_ROWS,
  normalizeHolderName,
  normalizeServiceNumber,
  parseMoneyText,
  type RpuImportRowErrors,
  rpuCsvHeaders,
  rpuImportProblems,
  rpuImportRowErrors,
} from '@luz/shared';

/** The columns an import file may have (spec §3 import row). */
export type ImportField = 'service_number' | 'alias' | 'cfe_user' | 'last_payment' | 'holder_name';

/** Header texts by field, compared without case, accents or punctuation. The export's headers are accepted back. */
const headerNames: Record<ImportField, string[]> = {
  service_number: [
    'service_number',
    rpuCsvHeaders.serviceNumber,
    'numero de servicio',
    'no de servicio',
    'num de servicio',
    'servicio',
    'rpu',
  ],
  alias: ['alias', 'nombre', 'nombre del servicio'],
  cfe_user: [
    'cfe_user',
    rpuCsvHeaders.cfeUser,
    'usuario cfe',
    'usuario del portal',
    'cuenta de cfe',
    'correo cfe',
    'usuario',
  ],
  last_payment: [
    'last_payment',
    rpuCsvHeaders.lastPayment,
    'ultimo pago',
    'monto ultimo pago',
    'importe ultimo pago',
  ],
  holder_name: [
    'holder_name',
    rpuCsvHeaders.holderName,
    'nombre del titular',
    'titular del servicio',
    'nombre en el recibo',
  ],
};

/** "Número de Servicio (RPU)" → "numero de servicio rpu". */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const fieldOfHeader = new Map<string, ImportField>(
  (Object.entries(headerNames) as [ImportField, string[]][]).flatMap(([field, names]) =>
    names.map((name) => [normalizeHeader(name), field] as const),
  ),
);

/** Where each known column is in the header row; the first column with a field's name wins. */
export function columnsOf(header: readonly string[]): Partial<Record<ImportField, number>> {
  const columns: Partial<Record<ImportField, number>> = {};
  header.forEach((text, index) => {
    const field = fieldOfHeader.get(normalizeHeader(text));
    if (field && columns[field] === undefined) columns[field] = index;
  });
  return columns;
}

/** A row of the file as it will be sent, with what the preview shows about it. */
export type ImportPreviewRow = {
  /** Line of the file (the header is line 1), so the user can find it. */
  line: number;
  service_number: string;
  alias: string;
  cfe_user: string;
  last_payment: string | null;
  /** As CFE writes it (upper case); null when absent or not usable. */
  holder_name: string | null;
  /** Spec §3: errors on service_number and cfe_user; a row with any is dropped. */
  __errors: RpuImportRowErrors;
  /** Values changed to fit (alias cut, last payment ignored); the row is still imported. */
  __warnings: { service_number?: string; alias?: string; last_payment?: string; holder_name?: string };
};

export type DroppedRow = ImportPreviewRow & { reason: string };

export type ImportPreview = {
  /** The rows to import, in file order. */
  rows: ImportPreviewRow[];
  /** The rows that will not be imported, with the reason (spec §3). */
  dropped: DroppedRow[];
};

export type ImportFileErrorCode =
  | 'unsupported'
  | 'unreadable'
  | 'empty'
  | 'missingServiceNumberColumn'
  | 'tooManyRows';

export type ImportAnalysis = { ok: true; preview: ImportPreview } | { ok: false; error: ImportFileErrorCode };

const isBlank = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

/**
 * Spec §3 on a whole table (first non-empty row = headers): service numbers lose their spaces;
 * a row is dropped when it has an error on service_number or cfe_user (`knownCfeUsers`: the
 * user's portal users, lower-cased), has no service number, or repeats an earlier row's number.
 * Empty lines are skipped.
 */
export function analyseTable(
  table: readonly (readonly string[])[],
  knownCfeUsers: ReadonlySet<string>,
): ImportAnalysis {
  const headerIndex = table.findIndex((row) => !isBlank(row));
  if (headerIndex === -1) return { ok: false, error: 'empty' };
  const columns = columnsOf(table[headerIndex] as readonly string[]);
  if (columns.service_number === undefined) return { ok: false, error: 'missingServiceNumberColumn' };

  const cellOf = (row: readonly string[], field: ImportField) => {
    const index = columns[field];
    return index === undefined ? '' : (row[index] ?? '').trim();
  };

  const rows: ImportPreviewRow[] = [];
  const dropped: DroppedRow[] = [];
  const firstLineOf = new Map<string, number>();
  let dataRows = 0;

  for (let index = headerIndex + 1; index < table.length; index += 1) {
    const cells = table[index] as readonly string[];
    if (isBlank(cells)) continue;
    dataRows += 1;
    if (dataRows > MAX_IMPORT_ROWS) return { ok: false, error: 'tooManyRows' };

    const row: ImportPreviewRow = {
      line: index + 1,
      service_number: normalizeServiceNumber(cellOf(cells, 'service_number')),
      alias: cellOf(cells, 'alias').replace(/\s+/g, ' '),
      cfe_user: cellOf(cells, 'cfe_user'),
      last_payment: null,
      holder_name: null,
      __errors: {},
      __warnings: {},
    };
    // Excel reads a number column as a number and drops its leading zero: 11 digits are 12 with it.
    if (/^\d{11}$/.test(row.service_number)) {
      row.service_number = `0${row.service_number}`;
      row.__warnings.service_number = rpuImportProblems.leadingZeroRestored(row.service_number);
    }
    row.__errors = rpuImportRowErrors(row, knownCfeUsers);
    if (row.alias.length > MAX_ALIAS_LENGTH) {
      row.alias = row.alias.slice(0, MAX_ALIAS_LENGTH);
      row.__warnings.alias = rpuImportProblems.aliasCut(MAX_ALIAS_LENGTH);
    }
    const payment = cellOf(cells, 'last_payment');
    if (payment !== '') {
      row.last_payment = parseMoneyText(payment);
      if (row.last_payment === null) row.__warnings.last_payment = rpuImportProblems.lastPaymentIgnored;
    }
    const holderName = cellOf(cells, 'holder_name');
    const holderProblem = holderNameProblem(holderName);
    if (holderProblem)
      row.__warnings.holder_name = rpuImportProblems.holderNameIgnored(holderNameMessage(holderProblem));
    else row.holder_name = normalizeHolderName(holderName) || null;

    const errors = Object.values(row.__errors);
    if (errors.length > 0) {
      dropped.push({ ...row, reason: errors.join(' ') });
      continue;
    }
    const firstLine = firstLineOf.get(row.service_number);
    if (firstLine !== undefined) {
      dropped.push({ ...row, reason: rpuImportProblems.duplicateInFile(firstLine) });
      continue;
    }
    firstLineOf.set(row.service_number, row.line);
    rows.push(row);
  }
  if (dataRows === 0) return { ok: false, error: 'empty' };
  return { ok: true, preview: { rows, dropped } };
}

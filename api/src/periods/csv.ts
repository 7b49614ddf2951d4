import { Readable } from 'node:stream';
import type { Period } from '@luz/shared/contract';

/** Spanish headers, in column order. */
export const periodsCsvHeaders = [
  'Número de servicio',
  'Alias',
  'Fecha inicial',
  'Fecha final',
  'Importe (MXN)',
  'Consumo (kWh)',
  'Tarifa',
  'UUID del CFDI',
  'PDF',
  'XML',
] as const;

/** Excel reads a UTF-8 file as UTF-8 (accents, ñ) only when it starts with this mark. */
const BOM = '\uFEFF';

/**
 * One CSV field (RFC 4180). Text a spreadsheet would run as a formula (= + - @, tab, carriage
 * return) is prefixed with an apostrophe: an alias typed by a user must not execute in Excel.
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** yyyy-MM-dd to dd/MM/yyyy, the date format of the interface (spec §3). */
const spanishDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const yesNo = (value: boolean) => (value ? 'Sí' : 'No');

export function periodCsvLine(period: Period): string {
  return [
    csvText(period.service_number),
    csvText(period.alias),
    spanishDate(period.initial_date),
    spanishDate(period.final_date),
    period.amount,
    period.consumption_kwh,
    csvText(period.tariff),
    csvText(period.cfdi_uuid ?? ''),
    yesNo(period.has_pdf),
    yesNo(period.has_xml),
  ].join(',');
}

/**
 * The periods as CSV (UTF-8 with BOM, CRLF line ends, Spanish headers), produced as the rows are
 * read: memory stays flat however many periods are exported.
 */
export function periodsCsv(periods: AsyncIterable<Period>): Readable {
  async function* lines() {
    yield `${BOM}${periodsCsvHeaders.join(',')}\r\n`;
    let chunk = '';
    for await (const period of periods) {
      chunk += `${periodCsvLine(period)}\r\n`;
      if (chunk.length >= 64 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(lines(), { objectMode: false });
}

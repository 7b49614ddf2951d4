import type { Readable } from 'node:stream';
import type { Period } from '@luz/shared/contract';
import { csvDate, csvStream, csvText, csvYesNo } from '../http/csv';

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

function periodCsvLine(period: Period): string {
  return [
    csvText(period.service_number),
    csvText(period.alias),
    csvDate(period.initial_date),
    csvDate(period.final_date),
    period.amount,
    period.consumption_kwh,
    csvText(period.tariff),
    csvText(period.cfdi_uuid ?? ''),
    csvYesNo(period.has_pdf),
    csvYesNo(period.has_xml),
  ].join(',');
}

/**
 * The periods as CSV (UTF-8 with BOM, CRLF line ends, Spanish headers), produced as the rows are
 * read: memory stays flat however many periods are exported.
 */
export function periodsCsv(periods: AsyncIterable<Period>): Readable {
  async function* lines() {
    for await (const period of periods) yield periodCsvLine(period);
  }
  return csvStream(periodsCsvHeaders, lines());
}

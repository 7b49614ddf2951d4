import type { Readable } from 'node:stream';
import type { Period } from '@luz/shared/contract';
import { csvDate, csvLine, csvStream, csvYesNo } from '../http/csv';

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
  // After the original columns, so spreadsheets built on them keep working.
  'Serie',
  'Folio',
  'Fecha límite de pago',
  'Total a pagar (MXN)',
  'Titular',
] as const;

function periodCsvLine(period: Period): string {
  return csvLine([
    period.service_number,
    period.alias,
    csvDate(period.initial_date),
    csvDate(period.final_date),
    period.amount,
    period.consumption_kwh,
    period.tariff,
    period.cfdi_uuid,
    csvYesNo(period.has_pdf),
    csvYesNo(period.has_xml),
    period.cfdi_series,
    period.cfdi_folio,
    period.due_date === null ? null : csvDate(period.due_date),
    period.total_to_pay,
    period.holder_name,
  ]);
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

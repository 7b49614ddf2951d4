import type { Readable } from 'node:stream';
import { type RpusFilters, rpuCsvHeaders } from '@luz/shared/contract';
import { rpuStatusLabel } from '@luz/shared/enums';
import type { Queryable } from '../db/database';
import { csvLine, csvStream, csvYesNo } from '../http/csv';
import { ownerConditions, type RpuRecord, rpuColumns, rpuOrder, toRpuRecord } from './service';

/** Rows read per query: the export's memory stays flat however many service points there are. */
const BATCH = 1_000;
/** Dates are written as people in Mexico read them (spec §3: dd/MM/yyyy HH:mm). */
const TIME_ZONE = 'America/Mexico_City';

const dateTime = new Intl.DateTimeFormat('es-MX', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function formatDateTime(date: Date | null): string {
  if (!date) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    dateTime.formatToParts(date).find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

const header = [
  rpuCsvHeaders.serviceNumber,
  rpuCsvHeaders.alias,
  rpuCsvHeaders.status,
  rpuCsvHeaders.cfeUser,
  rpuCsvHeaders.autofetch,
  rpuCsvHeaders.notifications,
  rpuCsvHeaders.lastPayment,
  rpuCsvHeaders.holderName,
  rpuCsvHeaders.tariff,
  rpuCsvHeaders.lastSynced,
  rpuCsvHeaders.createdAt,
];

function line(rpu: RpuRecord): string {
  return csvLine([
    rpu.serviceNumber,
    rpu.alias,
    rpuStatusLabel(rpu.rpuStatus),
    rpu.cfeUser,
    csvYesNo(rpu.withAutofetch),
    csvYesNo(rpu.sendEmailNotifications),
    rpu.lastPayment,
    rpu.holderName,
    rpu.tariff,
    formatDateTime(rpu.lastSyncedAt),
    formatDateTime(rpu.createdAt),
  ]);
}

/**
 * The owner's service points that match the filters (or only `rpuIds`, when given) as a CSV
 * stream: UTF-8 with BOM, Spanish headers, CRLF line ends, the list's order. Read in batches by
 * keyset (the last row of a batch is where the next one starts), never all at once.
 */
export function rpusCsvStream(
  db: Queryable,
  userId: string,
  filters: RpusFilters,
  rpuIds?: readonly string[],
): Readable {
  async function* lines() {
    let after: string | null = null;
    for (;;) {
      const conditions = ownerConditions(userId, filters);
      if (rpuIds) conditions.add((p) => `r.id = ANY(${p}::uuid[])`, [...rpuIds]);
      if (after) {
        conditions.add(
          (p) => `EXISTS (SELECT 1 FROM rpus k WHERE k.id = ${p}
            AND (r.created_at < k.created_at OR (r.created_at = k.created_at AND (r.service_number, r.id) > (k.service_number, k.id))))`,
          after,
        );
      }
      const { rows } = await db.query(
        `SELECT ${rpuColumns} FROM rpus r LEFT JOIN credentials c ON c.id = r.credential_id
         ${conditions.where()} ORDER BY ${rpuOrder} LIMIT ${BATCH}`,
        conditions.values,
      );
      const records = rows.map((row) => toRpuRecord(row as Parameters<typeof toRpuRecord>[0]));
      for (const record of records) yield line(record);
      if (records.length < BATCH) return;
      after = (records.at(-1) as RpuRecord).id;
    }
  }
  return csvStream(header, lines());
}

import type { RpuImportRow } from '@luz/shared';
import type { ImportPreviewRow } from './import-rows';

/**
 * The body rows of POST /rpus/bulk for the rows the preview keeps. Apart from the reading rules
 * (import-rows.ts), which run in the worker: the page loads only this.
 */
export function toImportRows(rows: readonly ImportPreviewRow[]): RpuImportRow[] {
  return rows.map((row) => ({
    service_number: row.service_number,
    alias: row.alias,
    cfe_user: row.cfe_user,
    last_payment: row.last_payment,
    holder_name: row.holder_name,
  }));
}

import type { Affected, PeriodIds, PeriodsCsvRequest, PeriodsZipRequest } from '../contract';
import { call, callForFile } from './call';
import type { DownloadedFile } from './download';

export type DownloadProgress = { loaded: number; total: number | null };

type BinaryOptions = { onProgress?: (progress: DownloadProgress) => void; signal?: AbortSignal };

const progressOf =
  (onProgress: BinaryOptions['onProgress']) =>
  ({ loaded, total }: { loaded: number; total?: number }) =>
    onProgress?.({ loaded, total: total ?? null });

/** Billing periods, their documents and exports (spec §7 "Media and periods"). */
export const periodsApi = {
  /** The documents as a ZIP (store mode; download type all -1, PDF 0, XML 1). */
  zip(body: PeriodsZipRequest, { onProgress, signal }: BinaryOptions = {}): Promise<DownloadedFile> {
    return callForFile('periodsZip', { body, signal, onDownloadProgress: progressOf(onProgress) });
  },
  /** The periods as CSV (UTF-8 with BOM, Spanish headers). */
  csv(body: PeriodsCsvRequest): Promise<DownloadedFile> {
    return callForFile('periodsCsv', { body });
  },
  async remove(body: PeriodIds): Promise<Affected> {
    return call('deletePeriods', { body });
  },
  /** One stored document of the user, by the file name a period carries (`pdf_file_name`, `xml_file_name`). */
  file(fileName: string): Promise<DownloadedFile> {
    return callForFile('getFile', { query: { file_name: fileName } });
  },
};

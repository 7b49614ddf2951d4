import {
  type Affected,
  type Page,
  type Period,
  type PeriodIds,
  type PeriodsCsvRequest,
  type PeriodsQuery,
  type PeriodsSeries,
  type PeriodsSeriesQuery,
  type PeriodsZipRequest,
  zAffected,
  zPage,
  zPeriod,
  zPeriodsSeries,
} from '../contract';
import { rethrowWithJsonBody } from './blob-errors';
import { http } from './client';
import { attachmentFileName, type DownloadedFile } from './download';

const zPeriodsPage = zPage(zPeriod);

export type DownloadProgress = { loaded: number; total: number | null };

type BinaryOptions = { onProgress?: (progress: DownloadProgress) => void; signal?: AbortSignal };

/** A POST or GET whose answer is a file (spec §7: "fetched as a binary blob"). */
async function binary(
  request: Promise<{ data: unknown; headers: Record<string, unknown> }>,
): Promise<DownloadedFile> {
  const response = await request.catch(rethrowWithJsonBody);
  return {
    blob: response.data as Blob,
    fileName: attachmentFileName(response.headers['content-disposition']),
  };
}

const progressOf =
  (onProgress: BinaryOptions['onProgress']) =>
  ({ loaded, total }: { loaded: number; total?: number }) =>
    onProgress?.({ loaded, total: total ?? null });

/** Billing periods, their documents and exports (spec §7 "Media and periods"). */
export const periodsApi = {
  async list(query: PeriodsQuery): Promise<Page<Period>> {
    const { data } = await http.get('/periods/all', { params: query });
    return zPeriodsPage.parse(data);
  },
  /** Amount and consumption per month of the filtered periods (the chart). */
  async series(query: PeriodsSeriesQuery): Promise<PeriodsSeries> {
    const { data } = await http.get('/periods/series', { params: query });
    return zPeriodsSeries.parse(data);
  },
  /** The documents as a ZIP (store mode; download type all -1, PDF 0, XML 1). */
  zip(body: PeriodsZipRequest, { onProgress, signal }: BinaryOptions = {}): Promise<DownloadedFile> {
    return binary(
      http.post('/periods/zip', body, {
        responseType: 'blob',
        signal,
        onDownloadProgress: progressOf(onProgress),
      }),
    );
  },
  /** The periods as CSV (UTF-8 with BOM, Spanish headers). */
  csv(body: PeriodsCsvRequest): Promise<DownloadedFile> {
    return binary(http.post('/periods/csv', body, { responseType: 'blob' }));
  },
  async remove(body: PeriodIds): Promise<Affected> {
    const { data } = await http.post('/periods/delete/bulk', body);
    return zAffected.parse(data);
  },
  /** One stored document of the user, by the file name a period carries (`pdf_file_name`, `xml_file_name`). */
  file(fileName: string): Promise<DownloadedFile> {
    return binary(http.get('/media/get-file', { params: { file_name: fileName }, responseType: 'blob' }));
  },
};

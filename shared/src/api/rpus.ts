import {
  type Affected,
  type Page,
  type PageQuery,
  type Rpu,
  type RpuBulkCreate,
  type RpuBulkCreateResponse,
  type RpuBulkUpdate,
  type RpuCreate,
  type RpuEmailNotifications,
  type RpuIds,
  type RpuSummary,
  type RpuSyncRequest,
  type RpusQuery,
  type RpuUpdate,
  type Task,
  zAffected,
  zPage,
  zRpu,
  zRpuBulkCreateResponse,
  zRpuSummary,
  zTask,
} from '../contract';
import { http } from './client';
import { attachmentFileName, type DownloadedFile } from './download';

const zRpusPage = zPage(zRpu);

/** The service points of the user (spec §7 "RPUs"). */
export const rpusApi = {
  async list(query: RpusQuery & PageQuery): Promise<Page<Rpu>> {
    const { data } = await http.get('/rpus/', { params: query });
    return zRpusPage.parse(data);
  },
  async all(): Promise<RpuSummary[]> {
    const { data } = await http.get('/rpus/all');
    return zRpuSummary.array().parse(data);
  },
  async get(rpuId: string): Promise<Rpu> {
    const { data } = await http.get(`/rpus/${rpuId}`);
    return zRpu.parse(data);
  },
  async byServiceNumber(serviceNumber: string): Promise<Rpu> {
    const { data } = await http.get(`/rpus/by-service-number/${encodeURIComponent(serviceNumber)}`);
    return zRpu.parse(data);
  },
  async create(body: RpuCreate): Promise<Rpu> {
    const { data } = await http.post('/rpus/', body);
    return zRpu.parse(data);
  },
  async importRows(body: RpuBulkCreate): Promise<RpuBulkCreateResponse> {
    const { data } = await http.post('/rpus/bulk', body);
    return zRpuBulkCreateResponse.parse(data);
  },
  async bulkUpdate(body: RpuBulkUpdate): Promise<Affected> {
    const { data } = await http.post('/rpus/bulk-update', body);
    return zAffected.parse(data);
  },
  /** Holder name, alias and total to pay (`last_payment`) of one service point. */
  async update(rpuId: string, body: RpuUpdate): Promise<Rpu> {
    const { data } = await http.patch(`/rpus/${rpuId}`, body);
    return zRpu.parse(data);
  },
  async link(rpuId: string, credentialId: string | null): Promise<Rpu> {
    const { data } = await http.patch(`/rpus/${rpuId}/link`, { credential_id: credentialId });
    return zRpu.parse(data);
  },
  async setAutofetch(body: RpuIds, enabled: boolean): Promise<Affected> {
    const path = enabled ? '/rpus/activate-auto-fetch' : '/rpus/deactivate-auto-fetch';
    const { data } = await http.put(path, body);
    return zAffected.parse(data);
  },
  async setEmailNotifications(body: RpuEmailNotifications): Promise<Affected> {
    const { data } = await http.put('/rpus/activate-deactivate-email-notifications', body);
    return zAffected.parse(data);
  },
  async remove(body: RpuIds): Promise<Affected> {
    const { data } = await http.post('/rpus/delete/bulk', body);
    return zAffected.parse(data);
  },
  /** The filtered list (or the selected ids) as a CSV file (UTF-8 with BOM). */
  async csv(query: RpusQuery, rpuIds?: string[]): Promise<DownloadedFile> {
    const response = await http.post('/rpus/csv', rpuIds ? { rpu_ids: rpuIds } : {}, {
      params: query,
      responseType: 'blob',
    });
    return {
      blob: response.data as Blob,
      fileName: attachmentFileName(response.headers['content-disposition']),
    };
  },
  /** Links and syncs one service point with that credential (workflow 1); answers the queued task. */
  async sync(credentialId: string, rpuId: string, body: RpuSyncRequest = {}): Promise<Task> {
    const { data } = await http.post(`/rpus/sync/${credentialId}/${rpuId}`, body);
    return zTask.parse(data);
  },
};

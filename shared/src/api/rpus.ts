import type {
  Affected,
  Rpu,
  RpuBulkCreate,
  RpuBulkCreateResponse,
  RpuBulkUpdate,
  RpuCreate,
  RpuEmailNotifications,
  RpuIds,
  RpuSyncRequest,
  RpusQuery,
  RpuUpdate,
  Task,
} from '../contract';
import { call, callForFile } from './call';
import type { DownloadedFile } from './download';

/** The service points of the user (spec §7 "RPUs"). */
export const rpusApi = {
  async byServiceNumber(serviceNumber: string): Promise<Rpu> {
    return call('getRpuByServiceNumber', { params: { service_number: serviceNumber } });
  },
  async create(body: RpuCreate): Promise<Rpu> {
    return call('createRpu', { body });
  },
  async importRows(body: RpuBulkCreate): Promise<RpuBulkCreateResponse> {
    return call('importRpus', { body });
  },
  async bulkUpdate(body: RpuBulkUpdate): Promise<Affected> {
    return call('bulkUpdateRpus', { body });
  },
  /** Holder name, alias and total to pay (`last_payment`) of one service point. */
  async update(rpuId: string, body: RpuUpdate): Promise<Rpu> {
    return call('updateRpu', { params: { rpu_id: rpuId }, body });
  },
  async link(rpuId: string, credentialId: string | null): Promise<Rpu> {
    return call('linkRpu', { params: { rpu_id: rpuId }, body: { credential_id: credentialId } });
  },
  async setAutofetch(body: RpuIds, enabled: boolean): Promise<Affected> {
    return call(enabled ? 'activateAutofetch' : 'deactivateAutofetch', { body });
  },
  async setEmailNotifications(body: RpuEmailNotifications): Promise<Affected> {
    return call('setEmailNotifications', { body });
  },
  async remove(body: RpuIds): Promise<Affected> {
    return call('deleteRpus', { body });
  },
  /** The filtered list (or the selected ids) as a CSV file (UTF-8 with BOM). */
  async csv(query: RpusQuery, rpuIds?: string[]): Promise<DownloadedFile> {
    return callForFile('rpusCsv', { query, body: rpuIds ? { rpu_ids: rpuIds } : {} });
  },
  /** Links and syncs one service point with that credential (workflow 1); answers the queued task. */
  async sync(credentialId: string, rpuId: string, body: RpuSyncRequest = {}): Promise<Task> {
    return call('syncRpu', { params: { credential_id: credentialId, rpu_id: rpuId }, body });
  },
};

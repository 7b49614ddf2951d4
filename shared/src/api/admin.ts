import {
  type Affected,
  type Page,
  type PageQuery,
  type RpuAdmin,
  type RpuComplete,
  type RpusAdminFilters,
  zAffected,
  zPage,
  zRpuAdmin,
  zRpuComplete,
} from '../contract';
import { http } from './client';

const zRpusAdminPage = zPage(zRpuAdmin);

/** Superuser-only calls of the admin console. Never call them for other users (spec §8 logs out on 403). */
export const adminApi = {
  async rpus(query: RpusAdminFilters & PageQuery): Promise<Page<RpuAdmin>> {
    const { data } = await http.get('/rpus/admin', { params: query });
    return zRpusAdminPage.parse(data);
  },
  async rpuComplete(rpuId: string): Promise<RpuComplete> {
    const { data } = await http.get(`/rpus/admin/${rpuId}/complete`);
    return zRpuComplete.parse(data);
  },
  async deleteRpus(rpuIds: string[]): Promise<Affected> {
    const { data } = await http.post('/rpus/admin/delete/bulk', { rpu_ids: rpuIds });
    return zAffected.parse(data);
  },
};

import type { Affected, TaskList, TaskLogsBulkUpdate, TaskRetry } from '../contract';
import { call } from './call';

/** Superuser-only calls of the admin console. Never call them for other users (spec §8 logs out on 403). */
export const adminApi = {
  async deleteRpus(rpuIds: string[]): Promise<Affected> {
    return call('deleteAnyRpus', { body: { rpu_ids: rpuIds } });
  },
  async retryTasks(body: TaskRetry): Promise<TaskList> {
    return call('retryAnyTasks', { body });
  },
  async updateLogs(body: TaskLogsBulkUpdate): Promise<Affected> {
    return call('reviewTaskLogs', { body });
  },
};

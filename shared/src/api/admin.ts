import type {
  Affected,
  Page,
  PageQuery,
  RpuAdmin,
  RpuComplete,
  RpusAdminFilters,
  TaskList,
  TaskLog,
  TaskLogDetail,
  TaskLogsBulkUpdate,
  TaskLogsQuery,
  TaskRetry,
  TaskStats,
  TaskStatsQuery,
} from '../contract';
import { call } from './call';

/** Superuser-only calls of the admin console. Never call them for other users (spec §8 logs out on 403). */
export const adminApi = {
  async rpus(query: RpusAdminFilters & PageQuery): Promise<Page<RpuAdmin>> {
    return call('listAllRpus', { query });
  },
  async rpuComplete(rpuId: string): Promise<RpuComplete> {
    return call('getRpuComplete', { params: { rpu_id: rpuId } });
  },
  async deleteRpus(rpuIds: string[]): Promise<Affected> {
    return call('deleteAnyRpus', { body: { rpu_ids: rpuIds } });
  },
  /** Every user's task logs for a superuser (GET /tasks/logs serves others their own). */
  async taskLogs(query: TaskLogsQuery): Promise<Page<TaskLog>> {
    return call('listTaskLogs', { query });
  },
  async taskStats(query: TaskStatsQuery): Promise<TaskStats> {
    return call('taskStats', { query });
  },
  async taskLog(taskId: string): Promise<TaskLogDetail> {
    return call('getTaskLog', { params: { task_id: taskId } });
  },
  async retryTasks(body: TaskRetry): Promise<TaskList> {
    return call('retryAnyTasks', { body });
  },
  async updateLogs(body: TaskLogsBulkUpdate): Promise<Affected> {
    return call('reviewTaskLogs', { body });
  },
};

import {
  type Affected,
  type Page,
  type PageQuery,
  type RpuAdmin,
  type RpuComplete,
  type RpusAdminFilters,
  type TaskList,
  type TaskLog,
  type TaskLogDetail,
  type TaskLogsBulkUpdate,
  type TaskLogsQuery,
  type TaskRetry,
  type TaskStats,
  type TaskStatsQuery,
  zAffected,
  zPage,
  zRpuAdmin,
  zRpuComplete,
  zTaskList,
  zTaskLog,
  zTaskLogDetail,
  zTaskStats,
} from '../contract';
import { http } from './client';

const zRpusAdminPage = zPage(zRpuAdmin);
const zTaskLogsPage = zPage(zTaskLog);

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
  /** Every user's task logs for a superuser (GET /tasks/logs serves others their own). */
  async taskLogs(query: TaskLogsQuery): Promise<Page<TaskLog>> {
    const { data } = await http.get('/tasks/logs', { params: query });
    return zTaskLogsPage.parse(data);
  },
  async taskStats(query: TaskStatsQuery): Promise<TaskStats> {
    const { data } = await http.get('/tasks/stats', { params: query });
    return zTaskStats.parse(data);
  },
  async taskLog(taskId: string): Promise<TaskLogDetail> {
    const { data } = await http.get(`/tasks/admin/logs/${taskId}`);
    return zTaskLogDetail.parse(data);
  },
  async retryTasks(body: TaskRetry): Promise<TaskList> {
    const { data } = await http.post('/tasks/retry', body);
    return zTaskList.parse(data);
  },
  async updateLogs(body: TaskLogsBulkUpdate): Promise<Affected> {
    const { data } = await http.patch('/tasks/logs/bulk', body);
    return zAffected.parse(data);
  },
};

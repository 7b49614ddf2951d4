import {
  type Affected,
  type Page,
  type PageQuery,
  type Task,
  type TaskAssociation,
  type TaskLog,
  type TaskLogDetail,
  type TaskLogsBulkUpdate,
  type TaskLogsQuery,
  type TaskRetry,
  type TaskStats,
  type TaskStatsQuery,
  type TasksQuery,
  zAffected,
  zPage,
  zTask,
  zTaskAssociation,
  zTaskList,
  zTaskLog,
  zTaskLogDetail,
  zTaskStats,
} from '../contract';
import { http } from './client';

const zTasksPage = zPage(zTask);
const zAssociationsPage = zPage(zTaskAssociation);
const zLogsPage = zPage(zTaskLog);

/** FastAPI's list style in the query string: `task_types=0&task_types=2`. */
const repeatedKeys = { indexes: null } as const;

/** Sync runs and their logs (spec §7 "Tasks"). */
export const tasksApi = {
  async list(query: TasksQuery): Promise<Page<Task>> {
    const { data } = await http.get('/tasks/', { params: query, paramsSerializer: repeatedKeys });
    return zTasksPage.parse(data);
  },
  async associations(taskId: string, page: PageQuery): Promise<Page<TaskAssociation>> {
    const { data } = await http.get(`/tasks/task-associations/${taskId}`, { params: page });
    return zAssociationsPage.parse(data);
  },
  async stats(query: TaskStatsQuery): Promise<TaskStats> {
    const { data } = await http.get('/tasks/stats', { params: query });
    return zTaskStats.parse(data);
  },
  async logs(query: TaskLogsQuery): Promise<Page<TaskLog>> {
    const { data } = await http.get('/tasks/logs', { params: query });
    return zLogsPage.parse(data);
  },
  /** Superusers: one task of anyone, with every service point. */
  async adminLog(taskId: string): Promise<TaskLogDetail> {
    const { data } = await http.get(`/tasks/admin/logs/${taskId}`);
    return zTaskLogDetail.parse(data);
  },
  async review(body: TaskLogsBulkUpdate): Promise<Affected> {
    const { data } = await http.patch('/tasks/logs/bulk', body);
    return zAffected.parse(data);
  },
  /** The owner runs its failed service points again; answers the new tasks. */
  async userRetry(body: TaskRetry): Promise<Task[]> {
    const { data } = await http.post('/tasks/user-retry', body);
    return zTaskList.parse(data).data;
  },
  /** Superusers: the same for anyone's tasks. */
  async retry(body: TaskRetry): Promise<Task[]> {
    const { data } = await http.post('/tasks/retry', body);
    return zTaskList.parse(data).data;
  },
};

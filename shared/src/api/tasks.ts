import {
  type Page,
  type PageQuery,
  type Period,
  type Task,
  type TaskAssociation,
  type TaskType,
  zPage,
  zPeriod,
  zTask,
  zTaskAssociation,
} from '../contract';
import { http } from './client';

const zTasksPage = zPage(zTask);
const zAssociationsPage = zPage(zTaskAssociation);
const zPeriodsPage = zPage(zPeriod);

/** The user's tasks (sync runs), their service points and the periods each found (spec §7 "Tasks"). */
export const tasksApi = {
  async list(query: PageQuery & { task_types?: TaskType[] }): Promise<Page<Task>> {
    const { task_types, ...rest } = query;
    const params = task_types?.length ? { ...rest, task_types: task_types.join(',') } : rest;
    const { data } = await http.get('/tasks/', { params });
    return zTasksPage.parse(data);
  },
  async associations(taskId: string, page: PageQuery): Promise<Page<TaskAssociation>> {
    const { data } = await http.get(`/tasks/task-associations/${taskId}`, { params: page });
    return zAssociationsPage.parse(data);
  },
  async periods(taskAssociationId: string, page: PageQuery): Promise<Page<Period>> {
    const { data } = await http.get(`/tasks/periods/${taskAssociationId}`, { params: page });
    return zPeriodsPage.parse(data);
  },
};

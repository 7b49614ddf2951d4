import type { Page, PageQuery, Task, TaskAssociation, TaskType } from '../contract';
import { call } from './call';

/** The user's tasks (sync runs), their service points and the periods each found (spec §7 "Tasks"). */
export const tasksApi = {
  async list(query: PageQuery & { task_types?: TaskType[] }): Promise<Page<Task>> {
    const { task_types, ...rest } = query;
    const params = task_types?.length ? { ...rest, task_types: task_types.join(',') } : rest;
    return call('listTasks', { query: params });
  },
  async associations(taskId: string, page: PageQuery): Promise<Page<TaskAssociation>> {
    return call('listTaskAssociations', { params: { task_id: taskId }, query: page });
  },
};

import { type Task, type TaskRetry, zTaskList } from '../contract';
import { http } from './client';

/** The owner's own sync actions beyond starting one (those are `rpusApi.sync` and `credentialsApi.sync`). */
export const syncApi = {
  /** Runs the failed service points of the owner's tasks again (POST /tasks/user-retry); answers the new tasks. */
  async userRetry(body: TaskRetry): Promise<Task[]> {
    const { data } = await http.post('/tasks/user-retry', body);
    return zTaskList.parse(data).data;
  },
};

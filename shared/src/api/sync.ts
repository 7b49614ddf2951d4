import type { Task, TaskRetry } from '../contract';
import { call } from './call';

/** The owner's own sync actions beyond starting one (those are `rpusApi.sync` and `credentialsApi.sync`). */
export const syncApi = {
  /** Runs the failed service points of the owner's tasks again (POST /tasks/user-retry); answers the new tasks. */
  async userRetry(body: TaskRetry): Promise<Task[]> {
    return (await call('retryOwnTasks', { body })).data;
  },
};

import { type Task, taskTypeLabel } from '@luz/shared';
import { periodsText } from '../text';

const text = periodsText.downloads;

/**
 * What a task is about (issue 15): its service (alias and number) when it touched one, else its
 * CFE account; the task type only when it has neither. `detail` says the rest: type and account.
 */
export function taskName(task: Task): { title: string; detail: string } {
  const type = taskTypeLabel(task.type);
  const account = task.credential_label ? text.account(task.credential_label) : null;
  if (task.service_number)
    return {
      title: text.service(task.service_number, task.alias),
      detail: account ? `${type} · ${account}` : type,
    };
  if (account) return { title: account, detail: type };
  return { title: type, detail: '' };
}

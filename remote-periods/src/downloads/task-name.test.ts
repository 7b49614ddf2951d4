import type { Task } from '@luz/shared';
import { taskName } from './task-name';

const task = (patch: Partial<Task>): Task => ({
  task_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  type: 0,
  status: 1,
  workflow: 2,
  credential_id: null,
  credential_label: null,
  service_number: null,
  alias: null,
  message: null,
  reviewed: false,
  counts: { total: 4, pending: 0, success: 4, error: 0, user_error: 0, retrying: 0 },
  periods_count: 12,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:05:00.000Z',
  finished_at: '2026-11-24T10:05:00.000Z',
  ...patch,
});

test('a task is named by its service, else its CFE account, else its type (issue 15)', () => {
  expect(
    taskName(
      task({ type: 1, credential_label: 'Corporativo', service_number: '301234567891', alias: 'Planta' }),
    ),
  ).toEqual({ title: 'Planta · 301234567891', detail: 'Gestión de servicio · Cuenta de CFE «Corporativo»' });
  expect(taskName(task({ credential_label: 'empresa.demo' }))).toEqual({
    title: 'Cuenta de CFE «empresa.demo»',
    detail: 'Carga masiva de servicios',
  });
  expect(taskName(task({}))).toEqual({ title: 'Carga masiva de servicios', detail: '' });
});

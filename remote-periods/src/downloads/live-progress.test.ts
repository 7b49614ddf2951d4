import type { SyncEvent, TaskAssociation } from '@luz/shared';
import { eventsOfTask, liveAssociation } from './live-progress';

const TASK = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const ASSOCIATION = '9b2d1c7e-2f4a-4f0b-8a51-1d2c3b4a5e6f';

const association = (patch: Partial<TaskAssociation> = {}): TaskAssociation => ({
  task_association_id: ASSOCIATION,
  task_id: TASK,
  rpu_id: null,
  credential_id: null,
  credential_label: null,
  service_number: '123456789012',
  alias: 'Planta',
  chain_workflow: 1,
  chain_step: 'fetching',
  attempt: 0,
  status: 0,
  progress: 10,
  message: null,
  periods_count: 0,
  created_at: '2025-03-01T10:00:00.000Z',
  updated_at: '2025-03-01T10:00:05.000Z',
  finished_at: null,
  ...patch,
});

const event = (patch: Partial<SyncEvent> = {}): SyncEvent => ({
  event_type: 'progress',
  attempt: 1,
  chain_step: 'linking',
  chain_workflow: 1,
  progress: 45,
  status: 4,
  task_id: TASK,
  task_association_id: ASSOCIATION,
  rpu_id: null,
  credential_id: null,
  service_number: '123456789012',
  credential_label: null,
  alias: null,
  message: 'Reintentando la vinculación',
  timestamp: '2025-03-01T10:00:09.000Z',
  ...patch,
});

test('a newer event moves the bar and shows the attempt (spec §4: "intento n+1 de 3")', () => {
  expect(liveAssociation(association(), event())).toEqual({
    status: 4,
    progress: 45,
    attempt: 1,
    message: 'Reintentando la vinculación',
    tone: 'info',
    attemptText: 'intento 2 de 3',
    live: true,
  });
});

test('an older event than the stored row is ignored', () => {
  const state = liveAssociation(
    association({ progress: 80 }),
    event({ timestamp: '2025-03-01T09:00:00.000Z' }),
  );
  expect(state).toMatchObject({ progress: 80, live: false, attemptText: null });
});

test('finished rows are green on success and red on error, without an attempt label', () => {
  expect(liveAssociation(association({ status: 1, progress: 100, attempt: 2 }), undefined)).toMatchObject({
    tone: 'success',
    attemptText: null,
  });
  expect(liveAssociation(association({ status: 3, attempt: 2 }), undefined)).toMatchObject({
    tone: 'danger',
  });
  expect(liveAssociation(association(), event({ event_type: 'error', status: 2 }))).toMatchObject({
    tone: 'danger',
    attemptText: null,
  });
});

test('events are picked per service point of the task, the latest one winning', () => {
  const other = '00000000-0000-4000-8000-000000000000';
  const events = [
    event({ progress: 20, timestamp: '2025-03-01T10:00:01.000Z' }),
    event({ progress: 60, timestamp: '2025-03-01T10:00:03.000Z' }),
    event({ task_id: other, task_association_id: other }),
    event({ task_association_id: null }),
  ];
  const byAssociation = eventsOfTask(events, TASK);
  expect([...byAssociation.keys()]).toEqual([ASSOCIATION]);
  expect(byAssociation.get(ASSOCIATION)?.progress).toBe(60);
});

import {
  attemptLabel,
  type ProgressTone,
  progressTone,
  type SyncEvent,
  type SyncEventType,
  type TaskAssociation,
  TaskStatus,
} from '@luz/shared';

/** What a row of a task's service points shows: the stored state, or the live event when newer. */
export type LiveAssociation = {
  status: number;
  progress: number;
  attempt: number;
  message: string | null;
  tone: ProgressTone;
  attemptText: string | null;
  live: boolean;
};

/** The kind of event a stored status stands for (finished with success, with an error, or running). */
function eventTypeOf(status: number): SyncEventType {
  if (status === TaskStatus.success) return 'success';
  if (status === TaskStatus.error || status === TaskStatus.userError) return 'error';
  return 'progress';
}

/**
 * Merges a service point of a task with its latest sync event (spec §4 progress display): the
 * event wins when it is newer than the stored row, so the bar moves without a reload.
 */
export function liveAssociation(association: TaskAssociation, event: SyncEvent | undefined): LiveAssociation {
  const live = event !== undefined && Date.parse(event.timestamp) >= Date.parse(association.updated_at);
  const source = live
    ? {
        status: event.status,
        progress: event.progress,
        attempt: event.attempt,
        message: event.message,
        eventType: event.event_type,
      }
    : {
        status: association.status,
        progress: association.progress,
        attempt: association.attempt,
        message: association.message,
        eventType: eventTypeOf(association.status),
      };
  return {
    status: source.status,
    progress: source.progress,
    attempt: source.attempt,
    message: source.message,
    tone: progressTone({ event_type: source.eventType }),
    attemptText: attemptLabel({ event_type: source.eventType, attempt: source.attempt }),
    live,
  };
}

/** The latest event of each service point of one task, by association id. */
export function eventsOfTask(events: readonly SyncEvent[], taskId: string): Map<string, SyncEvent> {
  const byAssociation = new Map<string, SyncEvent>();
  for (const event of events) {
    if (event.task_id !== taskId || !event.task_association_id) continue;
    const known = byAssociation.get(event.task_association_id);
    if (!known || known.timestamp < event.timestamp) byAssociation.set(event.task_association_id, event);
  }
  return byAssociation;
}

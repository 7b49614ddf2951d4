import { es } from '@luz/shared/text';
import { MAX_SYNC_ATTEMPTS } from '../contract/enums';
import type { SyncEvent } from '../contract/sync-events';

/**
 * "intento n+1 de 3" (spec §4, §9), shown only while the sync is still running
 * (event_type 'progress') and a retry is under way (attempt ≥ 1); otherwise null.
 */
export function attemptLabel(event: Pick<SyncEvent, 'attempt' | 'event_type'>): string | null {
  if (event.event_type !== 'progress' || !(event.attempt >= 1)) return null;
  return es.sync.attempt(event.attempt, MAX_SYNC_ATTEMPTS);
}

/** Colour of a progress bar: green on success, red on error, neutral while running (spec §4). */
export type ProgressTone = 'success' | 'danger' | 'info';

export function progressTone(event: Pick<SyncEvent, 'event_type'>): ProgressTone {
  if (event.event_type === 'success') return 'success';
  if (event.event_type === 'error') return 'danger';
  return 'info';
}

import { z } from 'zod';

export const syncEventTypes = ['progress', 'success', 'error'] as const;
export const zSyncEventType = z.enum(syncEventTypes);
export type SyncEventType = z.infer<typeof zSyncEventType>;

/**
 * One step change of a running sync, pushed over the WebSocket (spec §3) with the identifiers
 * that let the interface place it (ARCHITECTURE §6).
 */
export const zSyncEvent = z.object({
  event_type: zSyncEventType,
  attempt: z.number().int().min(0),
  chain_step: z.string(),
  chain_workflow: z.number().int(),
  progress: z.number().min(0).max(100),
  status: z.number().int(),
  task_id: z.string(),
  task_association_id: z.string().nullable(),
  rpu_id: z.string().nullable(),
  credential_id: z.string().nullable(),
  service_number: z.string().nullable(),
  message: z.string().nullable(),
  timestamp: z.string(),
});
export type SyncEvent = z.infer<typeof zSyncEvent>;

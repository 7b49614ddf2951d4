import { z } from 'zod';
import { zId } from './common';
import { lazySchema } from './zod-in-browser';

export const syncEventTypes = ['progress', 'success', 'error'] as const;
export const zSyncEventType = lazySchema(() => z.enum(syncEventTypes));
export type SyncEventType = z.infer<typeof zSyncEventType>;

/**
 * One step change of a running sync, pushed over the WebSocket (spec §3) with the identifiers
 * that let the interface place it (ARCHITECTURE §6).
 */
export const zSyncEvent = lazySchema(() =>
  z.object({
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
    /** Names for the panel (issue 15): the CFE account's alias, else its CFE user, and the service's alias. */
    credential_label: z.string().nullable(),
    alias: z.string().nullable(),
    message: z.string().nullable(),
    timestamp: z.string(),
  }),
);
export type SyncEvent = z.infer<typeof zSyncEvent>;

/**
 * CFE asks the owner of a credential to solve its CAPTCHA, or no longer does (`challenge_id`
 * null: solved, expired, or the login refused). Pushed over the same WebSocket; the image itself is
 * read from GET /credentials/{id}/captcha (it would not fit a database notification).
 */
export const zCaptchaEvent = lazySchema(() =>
  z.object({
    event_type: z.literal('captcha'),
    credential_id: zId,
    cfe_user: z.string(),
    challenge_id: zId.nullable(),
    expires_at: z.string().nullable(),
    message: z.string().nullable(),
    timestamp: z.string(),
  }),
);
export type CaptchaEvent = z.infer<typeof zCaptchaEvent>;

/** Everything the WebSocket of sync events carries. */
export const zLiveEvent = lazySchema(() => z.union([zSyncEvent, zCaptchaEvent]));
export type LiveEvent = z.infer<typeof zLiveEvent>;

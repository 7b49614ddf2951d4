import { z } from 'zod';
import { zId } from './common';
import { lazySchema } from './zod-in-browser';

/**
 * Why something needs a person (GET /attention/). A service point's own: `needs_total`,
 * `needs_holder_name`,
 * `cannot_link`, `service_not_found`, `not_linked`, `failed`, `service_cap`, `service_limit`
 * (see `rpuFailureReasons`). A CFE
 * account's, which stands for all its services that failed the same way: `wrong_password` (CFE
 * refused it), `captcha_pending` (a CAPTCHA waits for an answer), `session_to_renew` (CFE asked
 * for a CAPTCHA that nobody answered in time: connect again), `sync_pending` (the password was
 * changed after its services failed: they sync again with it).
 */
export const attentionReasons = [
  'needs_total',
  'needs_holder_name',
  'cannot_link',
  'service_not_found',
  'not_linked',
  'failed',
  'service_cap',
  'service_limit',
  'wrong_password',
  'captcha_pending',
  'session_to_renew',
  'sync_pending',
] as const;
export type AttentionReason = (typeof attentionReasons)[number];

/** One thing that needs a person: a service point, or a CFE account (then `rpu_id` is null). */
export const zAttentionItem = lazySchema(() =>
  z.object({
    /** Stable while the item lasts: `rpu:{id}` or `credential:{id}`. */
    item_id: z.string(),
    reason: z.enum(attentionReasons),
    message: z.string().nullable(),
    credential_id: zId.nullable(),
    credential_alias: z.string().nullable(),
    cfe_user: z.string().nullable(),
    rpu_id: zId.nullable(),
    service_number: z.string().nullable(),
    alias: z.string().nullable(),
    /** Services of the account that failed for the account's reason (0 for a service's own item). */
    rpus_count: z.number().int(),
    since: z.string(),
  }),
);
export type AttentionItem = z.infer<typeof zAttentionItem>;

import { z } from 'zod';
import { lazySchema } from './zod-in-browser';

export const remoteNames = ['rpus', 'periods', 'admin', 'settings'] as const;
export type RemoteName = (typeof remoteNames)[number];

/**
 * The document the host reads at start-up (`/config.json`): where the API and each remote live,
 * so that a remote is redeployed without rebuilding the host.
 */
export const zRuntimeConfig = lazySchema(() =>
  z.object({
    api_url: z.string(),
    version: z.string(),
    remotes: z.object({
      rpus: z.string(),
      periods: z.string(),
      admin: z.string(),
      settings: z.string(),
    }),
    powered_by: z.object({ label: z.string(), url: z.string() }),
    scripts: z.object({ chat: z.string().nullable(), session_recording: z.string().nullable() }),
    billing_provider: z.enum(['local', 'chargebee']),
    /** The plan's price a month, MXN (exact decimal text), shown on /subscription. */
    plan_monthly_price: z.string(),
  }),
);
export type RuntimeConfig = z.infer<typeof zRuntimeConfig>;

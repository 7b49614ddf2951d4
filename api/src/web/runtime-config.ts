import { type RuntimeConfig, VERSION_LABEL } from '@luz/shared/contract';
import type { Config } from '../config';

/** `/config.json`: what the host reads at start-up to find the API and every remote. */
export function runtimeConfig({ frontEnd, billing }: Pick<Config, 'frontEnd' | 'billing'>): RuntimeConfig {
  return {
    api_url: frontEnd.apiUrl,
    version: VERSION_LABEL,
    remotes: frontEnd.remotes,
    powered_by: frontEnd.poweredBy,
    scripts: { chat: frontEnd.chatScriptUrl, session_recording: frontEnd.sessionRecordingScriptUrl },
    billing_provider: billing.provider,
    plan_monthly_price: billing.planMonthlyPrice,
  };
}

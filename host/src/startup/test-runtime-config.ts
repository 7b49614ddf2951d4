import type { RuntimeConfig } from '@luz/shared';

/** A runtime configuration as the API would give it, for the host's tests. */
export const testRuntimeConfig = (overrides: Partial<RuntimeConfig> = {}): RuntimeConfig => ({
  api_url: '',
  version: 'beta-0.3.16',
  remotes: {
    rpus: '/r/rpus.json',
    periods: '/r/periods.json',
    admin: '/r/admin.json',
    settings: '/r/settings.json',
  },
  powered_by: { label: 'Luz', url: 'https://luz.example.com' },
  scripts: { chat: null, session_recording: null },
  billing_provider: 'local',
  plan_monthly_price: '499.00',
  ...overrides,
});

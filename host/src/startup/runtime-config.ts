import type { RuntimeConfig } from '@luz/shared';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@luz/shared/boot';
import { fetchWithRetry } from '@luz/shared/fetch';

// Only types from the SDK: this module runs in the host's first script, before the SDK has loaded.

/** The configuration the page carries, not yet validated (the SDK validates it when it loads). */
export function pageRuntimeConfig(): RuntimeConfig | null {
  const text = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as RuntimeConfig;
  } catch {
    return null;
  }
}

/**
 * The runtime configuration: where the API and each remote live. The page the API serves carries
 * it (no round trip before anything can start); a host page served from elsewhere (a CDN) has it
 * fetched from `/config.json` beside it, tried again for a few seconds while the server behind it
 * restarts (in development, `/config.json` answers 504 through the proxy until the API is back).
 */
export async function readRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const inline = pageRuntimeConfig();
  if (inline) return inline;
  const response = await fetchWithRetry(url, { cache: 'no-store' }, { attempts: 5 });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return (await response.json()) as RuntimeConfig;
}

import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig, zRuntimeConfig } from '../contract';
import { fetchWithRetry } from './fetch-retry';

/**
 * The runtime configuration: where the API and each remote live. The page the API serves carries
 * it (no round trip before anything can start); a host page served from elsewhere (a CDN) has it
 * fetched from `/config.json` beside it, tried again for a few seconds while the server behind it
 * restarts (in development, `/config.json` answers 504 through the proxy until the API is back).
 */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const inline = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (inline) return zRuntimeConfig.parse(JSON.parse(inline));
  const response = await fetchWithRetry(url, { cache: 'no-store' }, { attempts: 5 });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return zRuntimeConfig.parse(await response.json());
}

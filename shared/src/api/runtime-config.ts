import { type RuntimeConfig, zRuntimeConfig } from '../contract';

/** Reads `/config.json` beside the host; it says where the API and each remote live. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return zRuntimeConfig.parse(await response.json());
}

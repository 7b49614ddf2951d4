import { fetchWithRetry } from '@luz/shared/fetch';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Retries a remote's manifest over a flaky network before the fallback takes over. */
export default function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'luz-retry',
    async fetch(url, init) {
      const response = await fetchWithRetry(url, init);
      if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
      return response;
    },
  };
}

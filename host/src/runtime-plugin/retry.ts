import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const attempts = 3;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries a remote's manifest over a flaky network before the fallback takes over. */
export default function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'luz-retry',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt < attempts; attempt++) {
        try {
          const response = await fetch(url, init);
          if (response.ok) return response;
          lastError = new Error(`${url}: ${response.status} ${response.statusText}`);
          if (response.status < 500) break;
        } catch (error) {
          lastError = error;
        }
        if (attempt < attempts - 1) await wait(250 * 3 ** attempt);
      }
      throw lastError;
    },
  };
}

import type { RuntimeConfig } from '@luz/shared';
import { testRuntimeConfig } from './test-runtime-config';

const config = testRuntimeConfig({ api_url: 'https://api.luz.example.com' });

// Each test has a page of its own: the loader keeps what it loaded for the page's whole life.
beforeEach(() => jest.resetModules());

test('the SDK is set up once, for the configured API, before anyone gets it, and only once the page says how', async () => {
  const { loadedSdk, loadSdk, prepareSdk } = await import('./sdk');
  const loading = loadSdk();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(loadedSdk()).toBeNull();
  const onInvalidConfig = jest.fn();
  prepareSdk({ config, currentUser: null, onInvalidConfig });
  const sdk = await loading;
  expect(sdk.http.defaults.baseURL).toBe('https://api.luz.example.com/api/v1');
  expect(loadedSdk()).toBe(sdk);
  expect(await loadSdk()).toBe(sdk);
  expect(onInvalidConfig).not.toHaveBeenCalled();
});

test('a configuration that is not what the contract says is reported, and nothing is set up', async () => {
  const { loadedSdk, loadSdk, prepareSdk } = await import('./sdk');
  const onInvalidConfig = jest.fn();
  prepareSdk({
    config: { ...config, remotes: undefined } as unknown as RuntimeConfig,
    currentUser: null,
    onInvalidConfig,
  });
  await expect(loadSdk()).rejects.toThrow();
  expect(onInvalidConfig).toHaveBeenCalledTimes(1);
  expect(loadedSdk()).toBeNull();
});

import { fileURLToPath } from 'node:url';
import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { sharedSingletons } from '../shared/build/federation';

/** Absolute, because the build of the shared tree-shaken router resolves them from elsewhere. */
const runtimePlugin = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// No remotes at build time: their URLs come from the runtime configuration (registerRemotes),
// so each remote is deployed on its own without rebuilding the host. The host provides the one
// federation runtime of the page; the remotes' entries use it instead of carrying their own.
export default createModuleFederationConfig({
  name: 'host',
  remotes: {},
  shared: sharedSingletons,
  shareStrategy: 'loaded-first',
  runtimePlugins: [
    runtimePlugin('./src/runtime-plugin/retry.ts'),
    runtimePlugin('./src/runtime-plugin/fallback.ts'),
  ],
  experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
  dts: false,
});

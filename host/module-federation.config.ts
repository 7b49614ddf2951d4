import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { sharedSingletons } from '../shared/build/federation';

// No remotes at build time: their URLs come from /config.json at run time (registerRemotes),
// so each remote is deployed on its own without rebuilding the host.
export default createModuleFederationConfig({
  name: 'host',
  remotes: {},
  shared: sharedSingletons,
  shareStrategy: 'loaded-first',
  runtimePlugins: ['./src/runtime-plugin/retry.ts', './src/runtime-plugin/fallback.ts'],
  dts: false,
});

/**
 * Modules every app (host and remotes) shares as singletons, so there is one React, one router,
 * one QueryClient and one SDK instance on the page. Versions come from each package's own
 * package.json (the plugin reads them); `@luz/shared` is a workspace package, hence its range.
 */
export const sharedSingletons = {
  react: { singleton: true },
  'react/jsx-runtime': { singleton: true },
  'react-dom': { singleton: true },
  'react-dom/client': { singleton: true },
  'react-router-dom': { singleton: true },
  '@tanstack/react-query': { singleton: true },
  'styled-components': { singleton: true },
  zod: { singleton: true },
  '@luz/shared': { singleton: true, requiredVersion: '^0.3.16' },
};

/** Module Federation options of a remote: one exposed module, the single-spa lifecycles. */
export const remoteFederation = (remote: 'rpus' | 'periods' | 'admin' | 'settings') => ({
  name: `remote_${remote}`,
  exposes: { './lifecycles': './src/lifecycles.tsx' },
  shared: sharedSingletons,
  // Remote types cross the boundary through `RemoteProps` in @luz/shared (docs/decisions/001).
  dts: false as const,
});

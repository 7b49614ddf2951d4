import type { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';

/**
 * What every app (host and remotes) may import from react-router-dom. The router is a singleton
 * (one history, one set of contexts), and sharing a package ships every export it has unless told
 * otherwise: react-router is 190 KB, of which the declarative API below is a fifth. Every build
 * provides exactly these exports (Module Federation's shared tree shaking), so whichever app's copy
 * loads first serves every other. Adding one: add it here and deploy the host with or before the
 * remote that uses it (as for the SDK, docs/decisions/001); `federation.test.ts` fails while an app
 * imports a name this list lacks.
 */
export const routerExports = [
  'BrowserRouter',
  'Link',
  'NavLink',
  'Navigate',
  'Outlet',
  'Route',
  'Router',
  'Routes',
  'UNSAFE_NavigationContext',
  'matchPath',
  'useLocation',
  'useNavigate',
  'useParams',
  'useSearchParams',
];

/**
 * What every app may import from @tanstack/react-query: the same arrangement as `routerExports`
 * (one QueryClient and cache on the page, a package that would otherwise ship hooks nobody calls:
 * infinite and suspense queries, hydration, …). `federation.test.ts` fails while an app imports a
 * name this list lacks.
 */
export const queryExports = [
  'QueryCache',
  'QueryClient',
  'QueryClientProvider',
  'keepPreviousData',
  'queryOptions',
  'useMutation',
  'useQuery',
  'useQueryClient',
];

/**
 * Modules every app (host and remotes) shares as singletons, so there is one React, one router,
 * one QueryClient and one SDK instance on the page. Versions come from each package's own
 * package.json (the plugin reads them); `@luz/shared` is a workspace package, hence its range.
 * The SDK is three singletons: its Spanish texts (`/text`), its core (`/core`: theme, the UI
 * kit's basics, the session, the QueryClient; what a sign-in screen needs) and the rest (the
 * root: zod, axios, the contract, every other screen's helpers), which re-exports the other two
 * (docs/decisions/161). zod is not among them: only the SDK builds schemas, so it lives inside the
 * SDK's chunk, tree-shaken (a shared zod ships all of it, 190 KB of it locales of every language).
 */
export const sharedSingletons = {
  react: { singleton: true },
  'react/jsx-runtime': { singleton: true },
  'react-dom': { singleton: true },
  'react-dom/client': { singleton: true },
  'react-router-dom': {
    singleton: true,
    treeShaking: { mode: 'runtime-infer' as const, usedExports: routerExports },
  },
  '@tanstack/react-query': {
    singleton: true,
    treeShaking: { mode: 'runtime-infer' as const, usedExports: queryExports },
  },
  'styled-components': { singleton: true },
  '@luz/shared/text': { singleton: true, requiredVersion: '^0.3.16' },
  '@luz/shared/core': { singleton: true, requiredVersion: '^0.3.16' },
  '@luz/shared': { singleton: true, requiredVersion: '^0.3.16' },
};

type Federation = ReturnType<typeof createModuleFederationConfig>;

/**
 * The options `rsbuild dev` runs with, without the production builds' two savings:
 * - shared tree shaking: in development, where Rspack does not track which exports are used, the
 *   plugin's usage marks flag exports of unrelated modules unused: the federation SDK's
 *   `__exportAll` disappears and the host's page never starts (docs/decisions/006-dev-hot-reload.md);
 * - remotes without their own copy of the singletons (`providedByHost`): an edited remote then
 *   reloaded the whole page instead of updating in place (`scripts/check-dev-reload.mjs`).
 */
export function forDevServer(federation: Federation): Federation {
  const { shared } = federation;
  if (!shared || Array.isArray(shared)) return federation;
  const asDeveloped = Object.entries(shared).map(([name, config]) => {
    if (typeof config !== 'object') return [name, config];
    const { treeShaking: _treeShaking, import: _import, ...rest } = config;
    return [name, rest];
  });
  return { ...federation, shared: Object.fromEntries(asDeveloped) };
}

/**
 * The singletons as a remote declares them: taken from the page, never built into the remote. A
 * remote runs only inside the host, which has registered every singleton before any remote loads,
 * so the copy each remote built of them (react-dom, the SDK, …: about two thirds of its files) was
 * never fetched, yet minified and compressed at every build (docs/decisions/175). The tree-shaken
 * ones keep their copy: without it the federation runtime fetched a whole second router for the
 * remote, whose screens then found no router around them.
 */
function providedByHost(shared: typeof sharedSingletons) {
  return Object.fromEntries(
    Object.entries(shared).map(([name, config]) => [
      name,
      'treeShaking' in config ? config : { ...config, import: false as const },
    ]),
  );
}

/**
 * Module Federation options of a remote: one exposed module, the single-spa lifecycles. The
 * federation runtime is the host's (`experiments.externalRuntime`): a remote's entry carries no
 * second copy of it, so a remote runs only inside the host, which provides it.
 */
export const remoteFederation = (remote: 'rpus' | 'periods' | 'admin' | 'settings') => ({
  name: `remote_${remote}`,
  exposes: { './lifecycles': './src/lifecycles.tsx' },
  shared: providedByHost(sharedSingletons),
  experiments: { externalRuntime: true, optimization: { target: 'web' as const } },
  // Remote types cross the boundary through `RemoteProps` in @luz/shared (docs/decisions/001).
  dts: false as const,
});

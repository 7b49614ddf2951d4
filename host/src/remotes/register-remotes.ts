import type { RemoteName, RuntimeConfig } from '@luz/shared';
import { getInstance } from '@module-federation/enhanced/runtime';

// Only types from the SDK: this module runs in the host's first script, before the SDK has loaded.

/** The federation name of each remote, as its own module-federation.config.ts declares it. */
export const federationName = (remote: RemoteName) => `remote_${remote}`;

function federation() {
  const instance = getInstance();
  if (!instance) throw new Error('Module Federation runtime is not initialised');
  return instance;
}

export function registerRemotesFromConfig(config: RuntimeConfig) {
  federation().registerRemotes(
    Object.entries(config.remotes).map(([remote, entry]) => ({
      name: federationName(remote as RemoteName),
      entry,
    })),
    { force: true },
  );
}

/**
 * Starts loading a remote's manifest, entry and exposed module now, so that they are there when
 * its route mounts it. A remote that cannot be loaded is the route's business (its fallback
 * screen), not this early start's.
 */
export function preloadRemote(remote: RemoteName) {
  void federation()
    .preloadRemote([{ nameOrAlias: federationName(remote), exposes: ['./lifecycles'] }])
    .catch(() => undefined);
}

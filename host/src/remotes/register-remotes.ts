import type { RemoteName, RemotePrefetch, RemoteProps, RuntimeConfig } from '@luz/shared';
import { remoteOfPath } from '@luz/shared/boot';
import { getInstance, loadRemote } from '@module-federation/enhanced/runtime';
import type { ParcelConfigObject } from 'single-spa';

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

/** What a remote exposes: its single-spa lifecycles and, when it has one, its `prefetch`. */
export type RemoteLifecycles = ParcelConfigObject<RemoteProps> & { prefetch?: RemotePrefetch };

export async function loadLifecycles(remote: RemoteName): Promise<RemoteLifecycles> {
  const lifecycles = await loadRemote<RemoteLifecycles>(`${federationName(remote)}/lifecycles`);
  if (!lifecycles) throw new Error(`${federationName(remote)}/lifecycles is empty`);
  return lifecycles;
}

/**
 * Has the remote the page opened on ask for its first screen's data (its `prefetch`), once the
 * SDK is set up: the requests then run while the host and the remote render, instead of starting
 * when the remote has mounted. A remote that cannot be loaded is its route's business (its
 * fallback screen), not this.
 */
export function prefetchRoutedRemote() {
  const { pathname, search } = window.location;
  const remote = remoteOfPath(pathname);
  if (!remote) return;
  loadLifecycles(remote)
    .then((lifecycles) => lifecycles.prefetch?.({ pathname, search }))
    .catch(() => undefined);
}

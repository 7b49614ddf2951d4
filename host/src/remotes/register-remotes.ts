import type { RemoteName, RuntimeConfig } from '@luz/shared';
import { remoteNames } from '@luz/shared';
import { getInstance } from '@module-federation/enhanced/runtime';

/** The federation name of each remote, as its own module-federation.config.ts declares it. */
export const federationName = (remote: RemoteName) => `remote_${remote}`;

export function registerRemotesFromConfig(config: RuntimeConfig) {
  const federation = getInstance();
  if (!federation) throw new Error('Module Federation runtime is not initialised');
  federation.registerRemotes(
    remoteNames.map((remote) => ({ name: federationName(remote), entry: config.remotes[remote] })),
    { force: true },
  );
}

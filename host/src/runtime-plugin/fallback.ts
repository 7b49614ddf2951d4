import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * When a remote cannot be loaded, hand the host a parcel that shows the load-failure screen of
 * spec §2 instead of an exception: the layout and the other remotes keep working.
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'luz-fallback',
    async errorLoadRemote({ id, error, lifecycle }) {
      // The manifest step re-throws into the module step below; answer once, there.
      if (lifecycle !== 'onLoad') return undefined;
      console.error(`No se pudo cargar ${id}`, error);
      const { createRemoteLifecycles, LoadFailureScreen } = await import('@luz/shared');
      return createRemoteLifecycles(LoadFailureScreen);
    },
  };
}

import { ErrorBoundary, LoadFailureScreen, type RemoteName, type RemoteProps } from '@luz/shared';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { useCallback, useContext, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation } from 'react-router-dom';
import { mountRootParcel, type ParcelConfigObject } from 'single-spa';
import Parcel from 'single-spa-react/parcel';
import { useHostValue } from './host-context';
import { federationName } from './register-remotes';

async function loadLifecycles(remote: RemoteName): Promise<ParcelConfigObject<RemoteProps>> {
  const lifecycles = await loadRemote<ParcelConfigObject<RemoteProps>>(
    `${federationName(remote)}/lifecycles`,
  );
  if (!lifecycles) throw new Error(`${federationName(remote)}/lifecycles is empty`);
  return lifecycles;
}

/**
 * Mounts a remote as a single-spa parcel with the typed props of `RemoteProps`. A load failure
 * becomes the fallback parcel (runtime plugin), a mount failure or a render crash is contained
 * here: the layout and the other remotes keep working.
 */
export function RemoteOutlet({ remote }: { remote: RemoteName }) {
  const location = useLocation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const host = useHostValue();
  const [failed, setFailed] = useState(false);
  const config = useCallback(() => loadLifecycles(remote), [remote]);

  if (failed) return <LoadFailureScreen />;
  return (
    <ErrorBoundary key={remote} fallback={() => <LoadFailureScreen />}>
      <Parcel
        key={remote}
        config={config}
        mountParcel={mountRootParcel}
        wrapWith="div"
        wrapClassName={`remote remote-${remote}`}
        handleError={(error: Error) => {
          console.error(error);
          setFailed(true);
        }}
        location={location}
        navigator={navigator}
        user={host.user}
        colorMode={host.colorMode}
        syncEvents={host.syncEvents}
        logout={host.logout}
      />
    </ErrorBoundary>
  );
}

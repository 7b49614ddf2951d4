import { ErrorBoundary, LoadFailureScreen, type RemoteName, Spinner } from '@luz/shared';
import { LOADING_SCREEN_ATTRIBUTE } from '@luz/shared/boot';
import { useCallback, useContext, useEffect, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation } from 'react-router-dom';
import { mountRootParcel } from 'single-spa';
import Parcel from 'single-spa-react/parcel';
import styled from 'styled-components';
import { useHostValue } from './host-context';
import { federationName, loadLifecycles } from './register-remotes';

/**
 * How long a remote may take to mount before its area gives up: an origin that accepts
 * connections but never answers would otherwise leave the area blank for good. The manifest's
 * own attempts (runtime-plugin/retry.ts) fit well inside it.
 */
export const REMOTE_MOUNT_TIMEOUT_MS = 20_000;

const Area = styled.div`
  position: relative;
`;

// Over the area rather than before it, so the remote's arrival moves nothing on the page.
const Loading = styled.div`
  position: absolute;
  inset: 0 0 auto;
  display: grid;
  place-items: center;
  min-height: 40vh;
  color: ${({ theme }) => theme.color.primary};
`;

/**
 * Mounts a remote as a single-spa parcel with the typed props of `RemoteProps`. A load failure
 * becomes the fallback parcel (runtime plugin), a mount failure or a render crash is contained
 * here: the layout and the other remotes keep working.
 */
export function RemoteOutlet({ remote }: { remote: RemoteName }) {
  const location = useLocation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const host = useHostValue();
  // Per remote: the same outlet may be handed another remote when the route changes.
  const [failedRemote, setFailedRemote] = useState<RemoteName | null>(null);
  const [mountedRemote, setMountedRemote] = useState<RemoteName | null>(null);
  const failed = failedRemote === remote;
  const mounted = mountedRemote === remote;
  const config = useCallback(() => loadLifecycles(remote), [remote]);

  useEffect(() => {
    if (mounted) return;
    const timer = setTimeout(() => {
      console.error(`${federationName(remote)} no respondió en ${REMOTE_MOUNT_TIMEOUT_MS} ms`);
      setFailedRemote(remote);
    }, REMOTE_MOUNT_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [remote, mounted]);

  if (failed) return <LoadFailureScreen />;
  return (
    <ErrorBoundary key={remote} fallback={() => <LoadFailureScreen />}>
      <Area>
        {!mounted && (
          <Loading {...{ [LOADING_SCREEN_ATTRIBUTE]: '' }}>
            <Spinner size={36} />
          </Loading>
        )}
        <Parcel
          key={remote}
          config={config}
          mountParcel={mountRootParcel}
          wrapWith="div"
          wrapClassName={`remote remote-${remote}`}
          // A screen's worth of room from the start: the footer below stays out of view instead of
          // being pushed out of it when the remote's content arrives.
          wrapStyle={{ minHeight: '100vh' }}
          handleError={(error: Error) => {
            console.error(error);
            setFailedRemote(remote);
          }}
          parcelDidMount={() => setMountedRemote(remote)}
          location={location}
          navigator={navigator}
          user={host.user}
          colorMode={host.colorMode}
          syncEvents={host.syncEvents}
          logout={host.logout}
        />
      </Area>
    </ErrorBoundary>
  );
}

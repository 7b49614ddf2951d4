import { createContext, useContext } from 'react';
import type { RemoteProps } from './remote-props';

export const RemoteContext = createContext<RemoteProps | null>(null);

/** Inside a remote: the props the host passed to the parcel. */
export function useRemoteProps(): RemoteProps {
  const props = useContext(RemoteContext);
  if (!props) throw new Error('useRemoteProps must be used inside a remote mounted by the host');
  return props;
}

import type { RemoteProps } from '@luz/shared';
import { createContext, useContext } from 'react';

/** What the layout hands to every remote besides the location (which the router owns). */
export type HostValue = Pick<RemoteProps, 'user' | 'colorMode' | 'syncEvents' | 'logout'>;

export const HostContext = createContext<HostValue | null>(null);

export function useHostValue(): HostValue {
  const value = useContext(HostContext);
  if (!value) throw new Error('HostContext is missing: remotes mount inside the authenticated layout');
  return value;
}

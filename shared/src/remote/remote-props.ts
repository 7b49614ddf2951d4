import type { ColorMode } from '@luz/shared/core';
import type { Location, Navigator } from 'react-router-dom';
import type { SyncEvent, UserPublic } from '../contract';

/** The live sync events of the session; the host owns the one WebSocket. */
export type SyncEventStream = {
  subscribe: (listener: (event: SyncEvent) => void) => () => void;
  /** Latest event of every running or recently finished sync, newest first. */
  current: () => SyncEvent[];
  connection: () => 'connecting' | 'open' | 'closed';
};

/**
 * What the host passes to every remote parcel. The URL has one owner (the host's router):
 * remotes render inside `<Router location navigator>` built from these props.
 */
export type RemoteProps = {
  location: Location;
  navigator: Navigator;
  user: UserPublic;
  colorMode: ColorMode;
  syncEvents: SyncEventStream;
  logout: () => void;
};

/** The address a page opened on: what a remote's `prefetch` reads. */
export type RemoteAddress = { pathname: string; search: string };

/**
 * A remote's requests for the first screen of an address (`queryClient.prefetchQuery` with the
 * same options its screen uses), which the host calls once, when the page opens on one of the
 * remote's addresses, as soon as the SDK is set up: they run while the host and the remote
 * render instead of after the remote has mounted.
 */
export type RemotePrefetch = (address: RemoteAddress) => void;

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

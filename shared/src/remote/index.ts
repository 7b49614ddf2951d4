export { createRemoteLifecycles } from './create-remote-lifecycles';
export { RemoteContext, useRemoteProps } from './remote-context';
export type { RemoteAddress, RemotePrefetch, RemoteProps, SyncEventStream } from './remote-props';

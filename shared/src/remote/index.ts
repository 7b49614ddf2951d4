export { createRemoteLifecycles } from './create-remote-lifecycles';
export { RemoteContext, useRemoteProps } from './remote-context';
export type { RemoteProps, SyncEventStream } from './remote-props';

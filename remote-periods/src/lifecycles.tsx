import { createRemoteLifecycles } from '@luz/shared';
import { App } from './app';
import { prefetchFirstScreen } from './first-queries';

export const { bootstrap, mount, unmount, update, prefetch } = createRemoteLifecycles(
  App,
  prefetchFirstScreen,
);

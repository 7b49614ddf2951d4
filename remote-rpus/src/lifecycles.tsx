import { createRemoteLifecycles } from '@luz/shared';
import { App } from './app';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles(App);

import { startEarly } from './startup/early-start';

// What the first screen waits for starts now; the app itself loads behind the asynchronous
// boundary, once the shared singletons are negotiated.
const early = startEarly();
void import('./bootstrap').then(({ start }) => start(early));

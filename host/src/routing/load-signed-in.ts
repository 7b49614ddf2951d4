import { loadOnce } from '../startup/load-once';
import { loadSdk } from '../startup/sdk';

/**
 * The signed-in screens load apart from the sign-in pages, which do not need them: the router
 * asks for them when it first renders one, and the first script as soon as it finds a stored token.
 * They come with the whole SDK, set up (startup/sdk.ts), before any of them renders.
 */
export const signedInScreens = loadOnce(() =>
  Promise.all([import(/* webpackChunkName: "signed-in" */ './signed-in'), loadSdk()]).then(
    ([screens]) => screens,
  ),
);

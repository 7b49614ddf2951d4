import { loadOnce } from '../startup/load-once';
import { loadSdk } from '../startup/sdk';

/**
 * Account creation and the password's recovery and reset, with the whole SDK, set up: the router
 * asks for them when it first renders one, the bootstrap before the first render when the page
 * opens on one (its drawn markup then stays until the screen replaces it).
 */
export const signInForms = loadOnce(() =>
  Promise.all([import(/* webpackChunkName: "sign-in-forms" */ '../auth/sign-in-forms'), loadSdk()]).then(
    ([screens]) => screens,
  ),
);

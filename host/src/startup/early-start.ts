import type { RemoteName } from '@luz/shared';
import { ACCESS_TOKEN_KEY, REMOTE_PRELOAD_ATTRIBUTE } from '@luz/shared/boot';
import { prefetchRoutedRemote, preloadRemote, registerRemotesFromConfig } from '../remotes/register-remotes';
import { signedInScreens } from '../routing/load-signed-in';
import { pageRuntimeConfig } from './runtime-config';
import { loadSdk } from './sdk';

/** What the first script set going before React, the router and the SDK had loaded. */
export type EarlyStart = {
  /** The remotes are registered with the federation runtime (from the page's configuration). */
  remotesRegistered: boolean;
  /** GET /users/me with the stored token, when there is one. */
  currentUser: Promise<Response> | null;
};

function storedToken(): string | null {
  try {
    return window.localStorage.getItem(ACCESS_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

/**
 * Runs in the host's first script: whatever the first screen will wait for is asked for now, in
 * parallel with the bundles, instead of one after the other once they have run. With a stored
 * token: the signed-in screens and the whole SDK, the current user, the remote the page's address
 * mounts (the page names it in a preload link) and, once the SDK is set up, that remote's first
 * requests. Anything that fails here is asked for again, the usual way, when it is needed.
 */
export function startEarly(): EarlyStart {
  const config = pageRuntimeConfig();
  const token = storedToken();
  // Failing here is no error: the router asks again when it renders a signed-in screen.
  if (token) signedInScreens.load().catch(() => undefined);
  if (!config) return { remotesRegistered: false, currentUser: null };
  const currentUser = token
    ? fetch(`${config.api_url.replace(/\/$/, '')}/api/v1/users/me`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    : null;
  // An early answer that fails is not an error: the SDK asks again.
  currentUser?.catch(() => undefined);
  let remotesRegistered = false;
  try {
    registerRemotesFromConfig(config);
    remotesRegistered = true;
    if (token) {
      for (const link of document.querySelectorAll(`link[${REMOTE_PRELOAD_ATTRIBUTE}]`)) {
        preloadRemote(link.getAttribute(REMOTE_PRELOAD_ATTRIBUTE) as RemoteName);
      }
      loadSdk().then(prefetchRoutedRemote, () => undefined);
    }
  } catch (error) {
    console.error(error);
  }
  return { remotesRegistered, currentUser };
}

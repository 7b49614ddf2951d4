import {
  adoptEarlyResponse,
  configureApi,
  loadRuntimeConfig,
  onPaymentRequired,
  onUnauthorized,
  operationKey,
  queryClient,
  SHELL_STYLE_ELEMENT_ID,
} from '@luz/shared';
import { type ReactNode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { leaveForLogin } from './auth/session-ended';
import { registerRemotesFromConfig } from './remotes/register-remotes';
import type { EarlyStart } from './startup/early-start';
import { StartupFailure } from './startup/startup-failure';
import { loadThirdPartyScripts } from './startup/third-party-scripts';

/** Once the app has drawn, the CSS of the sign-in screen's markup it replaced (host/build/shell.tsx) goes. */
function WithoutShellStyle({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    document.getElementById(SHELL_STYLE_ELEMENT_ID)?.remove();
  }, []);
  return children;
}

export async function start(early: EarlyStart) {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  try {
    const config = await loadRuntimeConfig();
    configureApi({ apiUrl: config.api_url });
    onUnauthorized(leaveForLogin);
    // A 402 means the subscription stopped giving access: the fresh user makes the layout go to /subscription.
    onPaymentRequired(() => void queryClient.invalidateQueries({ queryKey: operationKey('getMe') }));
    if (early.currentUser) adoptEarlyResponse('/users/me', early.currentUser);
    if (!early.remotesRegistered) registerRemotesFromConfig(config);
    loadThirdPartyScripts(config);
    // A transition: React renders the app in slices and lets the browser handle input between them
    // instead of blocking it for one long task. What the page shows until then (a sign-in screen's
    // markup) stays, styled, until the app replaces it in one commit.
    startTransition(() =>
      root.render(
        <WithoutShellStyle>
          <App config={config} />
        </WithoutShellStyle>,
      ),
    );
  } catch (error) {
    console.error(error);
    root.render(<StartupFailure />);
  }
}

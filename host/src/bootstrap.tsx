import { SHELL_STYLE_ELEMENT_ID, SIGN_IN_FORM_PATHS } from '@luz/shared/boot';
import { type ReactNode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { registerRemotesFromConfig } from './remotes/register-remotes';
import { signInForms } from './routing/load-sign-in-forms';
import type { EarlyStart } from './startup/early-start';
import { releaseFirstFrame } from './startup/first-frame';
import { readRuntimeConfig } from './startup/runtime-config';
import { prepareSdk } from './startup/sdk';
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
  releaseFirstFrame(container);
  const root = createRoot(container);
  const fail = (error: unknown) => {
    console.error(error);
    root.render(<StartupFailure />);
  };
  try {
    const config = await readRuntimeConfig();
    // The SDK beyond its core loads when a screen needs it (startup/sdk.ts) and is set up with these then.
    prepareSdk({ config, currentUser: early.currentUser, onInvalidConfig: fail });
    if (!early.remotesRegistered) registerRemotesFromConfig(config);
    loadThirdPartyScripts(config);
    // The drawn screen stays until its own code replaces it, not a loading screen in between;
    // whatever fails here fails again, and is shown, when the router asks.
    if (SIGN_IN_FORM_PATHS.includes(window.location.pathname))
      await signInForms.load().catch(() => undefined);
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
    fail(error);
  }
}

// First: it configures zod before any module builds a schema.
import './startup/zod-jitless';
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
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { leaveForLogin } from './auth/session-ended';
import { registerRemotesFromConfig } from './remotes/register-remotes';
import type { EarlyStart } from './startup/early-start';
import { StartupFailure } from './startup/startup-failure';
import { loadThirdPartyScripts } from './startup/third-party-scripts';

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
    // Drawn at once, replacing a sign-in screen's markup that the page may carry (host/build/shell.tsx);
    // that markup's CSS goes only then, so nothing shows unstyled in between.
    flushSync(() => root.render(<App config={config} />));
    document.getElementById(SHELL_STYLE_ELEMENT_ID)?.remove();
  } catch (error) {
    console.error(error);
    root.render(<StartupFailure />);
  }
}

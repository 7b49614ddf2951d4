import type { RuntimeConfig } from '@luz/shared';

/**
 * Pages whose address carries a secret (the password-reset link's token): chat and
 * session-recording scripts read and upload the page's URL, so they are not loaded there. They
 * come back on the next page load.
 */
const pagesWithSecrets = ['/reset-password'];

/** Chat and session-recording scripts are loaded only when the runtime configuration names them. */
export function loadThirdPartyScripts(
  config: RuntimeConfig,
  { pathname }: Pick<Location, 'pathname'> = window.location,
) {
  if (pagesWithSecrets.includes(pathname.replace(/\/+$/, ''))) return;
  for (const [name, src] of Object.entries(config.scripts)) {
    if (!src || document.querySelector(`script[data-third-party="${name}"]`)) continue;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.thirdParty = name;
    document.head.appendChild(script);
  }
}

import type { RuntimeConfig } from '@luz/shared';

/** Chat and session-recording scripts are loaded only when the runtime configuration names them. */
export function loadThirdPartyScripts(config: RuntimeConfig) {
  for (const [name, src] of Object.entries(config.scripts)) {
    if (!src || document.querySelector(`script[data-third-party="${name}"]`)) continue;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.thirdParty = name;
    document.head.appendChild(script);
  }
}

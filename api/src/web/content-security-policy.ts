import type { Config } from '../config';

/** The origin of an absolute http(s) URL; null for a relative one (served by this origin, 'self'). */
function originOf(url: string | null): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The WebSocket origin that goes with an http(s) origin. */
const webSocketOrigin = (origin: string) => origin.replace(/^http/, 'ws');

const unique = (values: (string | null)[]) => [...new Set(values.filter((value) => value !== null))];

/**
 * The Content-Security-Policy of the host's page, built from the same runtime configuration the
 * page reads (/config.json), so it follows every deploy of a remote without a rebuild:
 *
 * - scripts only from this origin, the remotes' origins (Module Federation loads their
 *   `remoteEntry.js` and chunks with <script>) and the configured chat and session-recording
 *   scripts; no inline script and no eval (the built page needs neither);
 * - fetches (manifests, API, WebSocket) to the same list plus the API's origin;
 * - styles inline too: styled-components writes <style> elements at run time;
 * - CSP_EXTRA_SOURCES for what a third-party widget loads beyond its own script (its CDN, its
 *   WebSocket, its frames);
 * - never framed, no plugins, no <base> rewriting, forms post to this origin only.
 *
 * Everything comes from the configuration, nothing from the request: the page's own WebSocket
 * is PUBLIC_URL's origin as ws(s):// (older browsers do not count a WebSocket to the same host as
 * 'self'; current ones do, which covers a page reached at another name). A Host header copied in
 * here would let any client write into the policy.
 */
export function contentSecurityPolicy({
  frontEnd,
  publicUrl,
}: Pick<Config, 'frontEnd' | 'publicUrl'>): string {
  const selfWebSocket = webSocketOrigin(new URL(publicUrl).origin);
  const remotes = unique(Object.values(frontEnd.remotes).map(originOf));
  const thirdParty = unique([
    originOf(frontEnd.chatScriptUrl),
    originOf(frontEnd.sessionRecordingScriptUrl),
    ...frontEnd.cspExtraSources,
  ]);
  const api = originOf(frontEnd.apiUrl);
  const sources = (...lists: (string | null)[][]) => unique(lists.flat()).join(' ');

  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', sources(["'self'"], remotes, thirdParty)],
    ['style-src', sources(["'self'", "'unsafe-inline'"], remotes, thirdParty)],
    ['img-src', sources(["'self'", 'data:', 'blob:'], remotes, thirdParty)],
    ['font-src', sources(["'self'", 'data:'], remotes, thirdParty)],
    [
      'connect-src',
      sources(["'self'", selfWebSocket], [api, api && webSocketOrigin(api)], remotes, thirdParty),
    ],
    ['media-src', sources(["'self'"], thirdParty)],
    ['frame-src', sources(["'self'"], thirdParty)],
    ['worker-src', sources(["'self'", 'blob:'], remotes)],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

import type { RemoteName } from './runtime-config';

/**
 * What the host's page (served by the API) and the host's first script agree on before the SDK
 * has loaded. Nothing here imports anything: the first script takes this module alone
 * (`@luz/shared/boot`), while React, the router and the SDK are still on their way.
 */

/** The element of the host's page that carries the runtime configuration (`/config.json`'s document). */
export const RUNTIME_CONFIG_ELEMENT_ID = 'luz-runtime-config';

/** The attribute of the page's preload links that names the remote the requested route mounts. */
export const REMOTE_PRELOAD_ATTRIBUTE = 'data-remote';

/** Where the bearer token lives (spec §4: "Logging in stores the access token locally"). */
export const ACCESS_TOKEN_KEY = 'access_token';

/** The version label the footer shows (spec §1). */
export const VERSION_LABEL = 'beta-0.3.16';

/** Where `/` sends a signed-in user (spec §2). */
export const START_PATH = '/downloads';

/**
 * The sign-in screens whose markup the API puts in the page it serves for their address (rendered
 * when the host is built, `host/build/shell.tsx`): they paint with the HTML, before any script.
 */
export const PUBLIC_SCREEN_PATHS = ['/login', '/create-account', '/recover-password'] as const;

/** A screen's markup and the CSS it uses, as the host's build renders it (`shells.json`). */
export type Shell = { css: string; html: string };

/** The theme's colour modes, in each of which the host's build draws that markup. */
export const COLOR_MODES = ['dark', 'light'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

/** One of each, by colour mode: what `shells.json` and `frames.json` hold. */
export type ByColorMode<T> = Record<ColorMode, T>;

/**
 * The cookie in which the app keeps the colour mode it shows, so that the API draws the page's
 * markup in it too: the user's choice lives in localStorage, which the server cannot read
 * (docs/decisions/177). Without it (a first visit) the markup is dark, the default of spec §1.
 */
export const COLOR_MODE_COOKIE = 'luz_color_mode';

/** The page's style element for that markup; the app removes it once it has drawn the screen itself. */
export const SHELL_STYLE_ELEMENT_ID = 'luz-shell-style';

/** What that markup carries in place of the configured "powered by" link; the API fills them in. */
export const SHELL_POWERED_BY = { label: '{{powered_by.label}}', url: '{{powered_by.url}}' } as const;

/**
 * The signed-in screens whose first frame (top bar, menu, footer, the screen's heading and a
 * spinner; `host/build/shell.tsx`) the API puts in the page for their address. It paints with the
 * HTML and covers the app until the app shows more than its loading state (docs/decisions/176).
 */
export const FRAMED_SCREEN_PATHS = [
  '/downloads',
  '/periods',
  '/rpus/',
  '/rpus/:rpuId/payment-history',
  '/settings',
  '/admin',
] as const;

/** The framed screen an address shows: a path of `FRAMED_SCREEN_PATHS`, whose `:name` segments stand for any one segment. */
export function framedScreenOf(pathname: string): string | null {
  const segments = pathname.split('/');
  const matches = (screen: string) => {
    const pattern = screen.split('/');
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) =>
        part.startsWith(':') ? Boolean(segments[index]) : part === segments[index],
      )
    );
  };
  return FRAMED_SCREEN_PATHS.find(matches) ?? null;
}

/** A framed screen's first frame as the host's build renders it (`frames.json`), with a place for the heading and without. */
export type Frame = Shell & { htmlWithoutHeading: string };

/** The page's element holding that frame, and its style element; the app removes both once it shows the screen. */
export const FIRST_FRAME_ELEMENT_ID = 'luz-first-frame';
export const FIRST_FRAME_STYLE_ELEMENT_ID = 'luz-first-frame-style';

/**
 * What the frame carries in place of the screen's heading, which is the remote's own text (decision
 * 008): each remote's build writes its screens' headings to `FIRST_FRAME_FILE` beside its manifest,
 * and the API fills them in.
 */
export const FIRST_FRAME_HEADING = { title: '{{heading.title}}', subtitle: '{{heading.subtitle}}' } as const;
export const FIRST_FRAME_FILE = 'first-frame.json';

/** A screen's heading as a remote's `FIRST_FRAME_FILE` gives it, by framed screen (`FRAMED_SCREEN_PATHS`). */
export type FirstFrameHeadings = Record<string, { title: string; subtitle: string }>;

/**
 * Marks what the app shows while a screen is still loading (the page's spinner, a remote's area
 * before the remote has drawn): while the app shows nothing else, the first frame stays over it.
 */
export const LOADING_SCREEN_ATTRIBUTE = 'data-loading-screen';

/** The sign-in screens other than /login, which come with the whole SDK (`host/src/auth/sign-in-forms.ts`). */
export const SIGN_IN_FORM_PATHS = ['/create-account', '/recover-password', '/reset-password'];

/**
 * The host's chunks that only signed-in screens use (`host/src/routing/load-signed-in.ts`): left out
 * of the page's own preloads, preloaded by the API on the addresses that mount a remote.
 */
export const SIGNED_IN_CHUNK_PATTERN = /\/signed-in[.-]/;

/** The host's chunk of the SDK beyond its core (zod, axios, the contract…; docs/decisions/161). */
export const SDK_CHUNK_PATTERN = /\/sdk[.-]/;

/** The host's chunk of the sign-in screens in `SIGN_IN_FORM_PATHS`. */
export const SIGN_IN_FORMS_CHUNK_PATTERN = /\/sign-in-forms\./;

/**
 * What the page leaves out of the preloads every address gets: the chunks above, which the API
 * preloads for the addresses that need them.
 */
export const DEFERRED_CHUNK_PATTERN = /\/(signed-in|sdk|sign-in-forms)[.-]/;

/** The signed-in app's top-level paths that a remote draws, each with everything below it (spec §2). */
export const remoteRoutes: readonly { path: string; remote: RemoteName }[] = [
  { path: '/settings', remote: 'settings' },
  { path: '/periods', remote: 'periods' },
  { path: START_PATH, remote: 'periods' },
  { path: '/rpus', remote: 'rpus' },
  { path: '/admin', remote: 'admin' },
];

/** The remote a page address mounts, if any (`/` is the start path's). */
export function remoteOfPath(pathname: string): RemoteName | null {
  const path = pathname === '/' ? START_PATH : pathname;
  return (
    remoteRoutes.find((route) => path === route.path || path.startsWith(`${route.path}/`))?.remote ?? null
  );
}

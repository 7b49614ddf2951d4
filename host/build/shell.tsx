// The sign-in screens and the signed-in screens' first frames as static markup, rendered at build
// time (render-shells.mjs) with the same components, theme and routes as the app. The API puts a
// screen's markup in the page it serves for that address, so the screen paints with the HTML, before
// any script; React then replaces it (a sign-in screen) or shows itself from under it (a frame).
import {
  type ByColorMode,
  COLOR_MODES,
  type ColorMode,
  FRAMED_SCREEN_PATHS,
  type Frame,
  GlobalStyle,
  PUBLIC_SCREEN_PATHS,
  type RuntimeConfig,
  SHELL_POWERED_BY,
  type Shell,
  themes,
  VERSION_LABEL,
} from '@luz/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { FirstFrame } from '../src/layout/first-frame';
import { AppRoutes } from '../src/routing/app-routes';
import { signInForms } from '../src/routing/load-sign-in-forms';
import { RuntimeConfigContext } from '../src/startup/runtime-config-context';
import { prepareSdk } from '../src/startup/sdk';

/** The sign-in screens read only the footer's link from the configuration: placeholders the API fills in. */
const config: RuntimeConfig = {
  api_url: '',
  version: VERSION_LABEL,
  remotes: { rpus: '', periods: '', admin: '', settings: '' },
  powered_by: SHELL_POWERED_BY,
  scripts: { chat: null, session_recording: null },
  billing_provider: 'local',
  plan_monthly_price: '',
};

/** Markup drawn at `path` and the CSS it uses, in `mode`. */
function renderMarkup(path: string, screen: ReactNode, mode: ColorMode): Shell {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <RuntimeConfigContext.Provider value={config}>
          <ThemeProvider theme={themes[mode]}>
            <GlobalStyle />
            <QueryClientProvider client={new QueryClient()}>
              <MemoryRouter initialEntries={[path]}>{screen}</MemoryRouter>
            </QueryClientProvider>
          </ThemeProvider>
        </RuntimeConfigContext.Provider>,
      ),
    );
    return {
      // What styled-components writes for its own rehydration is no rule: left out.
      css: sheet.instance
        .toString()
        .replace(/data-styled\.g\d+\[id="[^"]*"\]\{content:"[^"]*"\}/g, '')
        .replace(/\/\*!sc\*\/\n?/g, ''),
      // Drawn, not usable until the app takes over: nothing typed into it is lost, no form is sent.
      html: html.replace(/<form\b/g, '<form inert=""').replace(/<input\b/g, '<input readonly=""'),
    };
  } finally {
    sheet.seal();
  }
}

/** The same drawing in every colour mode: the API picks the one the user's app last showed (decision 177). */
function inEveryColorMode<T>(draw: (mode: ColorMode) => T): ByColorMode<T> {
  return Object.fromEntries(COLOR_MODES.map((mode) => [mode, draw(mode)])) as ByColorMode<T>;
}

export async function renderShells(): Promise<ByColorMode<Record<string, Shell>>> {
  // The screens that come in a chunk of their own are drawn from it, loaded first: rendering to a
  // string does not wait for a lazy component.
  prepareSdk({ config, currentUser: null, onInvalidConfig: (error) => console.error(error) });
  await signInForms.load();
  return inEveryColorMode((mode) =>
    Object.fromEntries(PUBLIC_SCREEN_PATHS.map((path) => [path, renderMarkup(path, <AppRoutes />, mode)])),
  );
}

/** Each signed-in screen's first frame, with a place for its heading and without one (decision 176). */
export function renderFrames(): ByColorMode<Record<string, Frame>> {
  return inEveryColorMode((mode) =>
    Object.fromEntries(
      FRAMED_SCREEN_PATHS.map((path) => {
        const framed = renderMarkup(path, <FirstFrame withHeading />, mode);
        const bare = renderMarkup(path, <FirstFrame withHeading={false} />, mode);
        return [path, { css: framed.css, html: framed.html, htmlWithoutHeading: bare.html }];
      }),
    ),
  );
}

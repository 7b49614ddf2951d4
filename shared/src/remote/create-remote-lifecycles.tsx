import { LoadFailureScreen, queryClient, themes } from '@luz/shared/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Router } from 'react-router-dom';
import singleSpaReact from 'single-spa-react';
import { ThemeProvider } from 'styled-components';
import { RemoteContext } from './remote-context';
import type { RemotePrefetch, RemoteProps } from './remote-props';

/**
 * React roots whose first render is a transition: React renders a remote's screen in slices and
 * lets the browser handle input between them instead of blocking it for one long task. Later
 * renders (the host's new location) stay ordinary updates.
 */
const slicedFirstRender = {
  createRoot(container: Element) {
    const root = ReactDOMClient.createRoot(container);
    let rendered = false;
    return {
      render(children: ReactNode) {
        if (rendered) return root.render(children);
        rendered = true;
        React.startTransition(() => root.render(children));
      },
      unmount: () => root.unmount(),
    };
  },
};

/**
 * The single-spa lifecycles a remote exposes, with its `prefetch` when it has one. A parcel
 * renders in its own React root, so the providers are set again here — with the same singleton
 * QueryClient and theme as the host. A render crash inside the remote shows the load-failure
 * screen and leaves the host working.
 */
export function createRemoteLifecycles(App: ComponentType, prefetch?: RemotePrefetch) {
  function RemoteRoot(props: RemoteProps) {
    return (
      <RemoteContext.Provider value={props}>
        <ThemeProvider theme={themes[props.colorMode]}>
          <QueryClientProvider client={queryClient}>
            <Router location={props.location} navigator={props.navigator}>
              <App />
            </Router>
          </QueryClientProvider>
        </ThemeProvider>
      </RemoteContext.Provider>
    );
  }

  const lifecycles = singleSpaReact<RemoteProps>({
    React,
    ReactDOMClient: slicedFirstRender,
    rootComponent: RemoteRoot,
    errorBoundary: (error, _info, props) => {
      console.error(error);
      return (
        <ThemeProvider theme={themes[props.colorMode]}>
          <LoadFailureScreen />
        </ThemeProvider>
      );
    },
  });
  return { ...lifecycles, prefetch };
}

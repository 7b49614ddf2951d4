import type { RuntimeConfig } from '@luz/shared';
import {
  ErrorBoundary,
  GenericErrorFallback,
  GlobalStyle,
  queryClient,
  rememberColorMode,
  Toaster,
  themes,
  useThemePreference,
} from '@luz/shared/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { AppRoutes } from './routing/app-routes';
import { RuntimeConfigContext } from './startup/runtime-config-context';

export function App({ config }: { config: RuntimeConfig }) {
  const { mode } = useThemePreference();
  useEffect(() => rememberColorMode(mode), [mode]);
  return (
    <RuntimeConfigContext.Provider value={config}>
      <ThemeProvider theme={themes[mode]}>
        <GlobalStyle />
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <ErrorBoundary
              fallback={(error) => (
                <main>
                  <GenericErrorFallback error={error} />
                </main>
              )}
            >
              <AppRoutes />
            </ErrorBoundary>
          </BrowserRouter>
          <Toaster />
        </QueryClientProvider>
      </ThemeProvider>
    </RuntimeConfigContext.Provider>
  );
}

import { darkTheme, GlobalStyle, LoadFailureScreen } from '@luz/shared/core';
import { ThemeProvider } from 'styled-components';

/** The runtime configuration could not be read: nothing else can start. */
export function StartupFailure() {
  return (
    <ThemeProvider theme={darkTheme}>
      <GlobalStyle />
      <main>
        <LoadFailureScreen />
      </main>
    </ThemeProvider>
  );
}

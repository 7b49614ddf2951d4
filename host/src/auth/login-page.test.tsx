import { darkTheme, queryClient } from '@luz/shared/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { RuntimeConfigContext } from '../startup/runtime-config-context';
import { loadedSdk, prepareSdk } from '../startup/sdk';
import { testRuntimeConfig } from '../startup/test-runtime-config';
import { LoginPage } from './login-page';

const config = testRuntimeConfig();

function renderLogin() {
  render(
    <RuntimeConfigContext.Provider value={config}>
      <ThemeProvider theme={darkTheme}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/login']}>
            <LoginPage />
          </MemoryRouter>
        </QueryClientProvider>
      </ThemeProvider>
    </RuntimeConfigContext.Provider>,
  );
}

test('the form draws without the rest of the SDK, and checks its fields with it once sent', async () => {
  prepareSdk({ config, currentUser: null, onInvalidConfig: jest.fn() });
  renderLogin();
  expect(screen.getByRole('heading', { name: 'Inicia sesión' })).toBeInTheDocument();
  expect(loadedSdk()).toBeNull();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Iniciar sesión' }));
  expect(await screen.findAllByText('Este campo es obligatorio')).toHaveLength(2);
  expect(loadedSdk()).not.toBeNull();
});

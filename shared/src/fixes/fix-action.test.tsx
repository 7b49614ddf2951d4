import { darkTheme } from '@luz/shared/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { rpusApi } from '../api/rpus';
import type { Task } from '../contract';
import { FixAction, type FixTarget } from './fix-action';

const target = (reason: FixTarget['reason']): FixTarget => ({
  reason,
  credentialId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  rpuId: '3f2504e0-4f89-41d3-9a0c-0305e82c3302',
  serviceNumber: '781234567896',
  alias: 'Bodega',
  name: 'Servicio 781234567896 «Bodega»',
});

function renderFix(reason: FixTarget['reason']) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <ThemeProvider theme={darkTheme}>
          <FixAction target={target(reason)} label="Sincronizar" />
        </ThemeProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

test('an account at the service cap: the fix says the risk, and only a confirmation links past it', async () => {
  const sync = jest.spyOn(rpusApi, 'sync').mockResolvedValue({} as Task);
  renderFix('service_cap');
  const user = userEvent.setup();
  await user.click(
    screen.getByRole('button', { name: 'Rebasar el límite · Servicio 781234567896 «Bodega»' }),
  );
  const dialog = screen.getByRole('dialog', { name: '¿Rebasar el límite de servicios de la cuenta de CFE?' });
  expect(dialog).toHaveTextContent('bloquea de forma permanente las cuentas con más de 10 servicios');
  await user.click(screen.getByRole('button', { name: 'Vincular de todas formas' }));
  await waitFor(() =>
    expect(sync).toHaveBeenCalledWith(target('service_cap').credentialId, target('service_cap').rpuId, {
      exceed_service_cap: true,
    }),
  );
  sync.mockRestore();
});

test('an account CFE refuses to grow: the fix says how to make room, then retries without passing any cap', async () => {
  const sync = jest.spyOn(rpusApi, 'sync').mockResolvedValue({} as Task);
  renderFix('service_limit');
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /^Ver cómo liberar espacio/ }));
  const dialog = screen.getByRole('dialog', { name: 'CFE no permite más servicios en esta cuenta' });
  expect(dialog).toHaveTextContent('Administrar servicios');
  await user.click(screen.getByRole('button', { name: 'Ya liberé espacio: reintentar' }));
  await waitFor(() =>
    expect(sync).toHaveBeenCalledWith(expect.any(String), expect.any(String), { exceed_service_cap: false }),
  );
  sync.mockRestore();
});

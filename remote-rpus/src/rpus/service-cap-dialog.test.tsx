import { ApiError, credentialsApi, darkTheme, queryClient, type Task } from '@luz/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { useServiceCapConfirmation } from './service-cap-dialog';
import { syncRpus } from './sync-rpus';

const CREDENTIAL = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const rpus = ['a', 'b'].map((suffix) => ({
  rpu_id: `3f2504e0-4f89-41d3-9a0c-0305e82c330${suffix}`,
  credential_id: CREDENTIAL,
}));
const overCapMessage =
  'Con estos servicios la cuenta de CFE quedaría con 11 servicios y el límite configurado es 10: según otros usuarios, CFE bloquea las cuentas con más de 10 servicios. Confirma que quieres rebasarlo para continuar.';

const refusal = new ApiError({
  kind: 'http',
  status: 422,
  message: 'Validation Error',
  body: { detail: [{ loc: ['body', 'exceed_service_cap'], msg: overCapMessage, type: 'service_cap' }] },
});

function SyncButton() {
  const { confirmOverCap, dialog } = useServiceCapConfirmation();
  return (
    <>
      <button type="button" onClick={async () => confirmOverCap((await syncRpus(rpus)).overCap)}>
        Sincronizar
      </button>
      {dialog}
    </>
  );
}

test('a sync past the service cap asks, says why, and starts only once confirmed', async () => {
  const sync = jest
    .spyOn(credentialsApi, 'sync')
    .mockRejectedValueOnce(refusal)
    .mockResolvedValueOnce({} as Task);
  render(
    <ThemeProvider theme={darkTheme}>
      <QueryClientProvider client={queryClient}>
        <SyncButton />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Sincronizar' }));
  const dialog = await screen.findByRole('dialog', {
    name: '¿Rebasar el límite de servicios de la cuenta de CFE?',
  });
  expect(dialog).toHaveTextContent('quedaría con 11 servicios');
  expect(dialog).toHaveTextContent('Administrar servicios');
  expect(sync).toHaveBeenCalledTimes(1);
  expect(sync.mock.calls[0]?.[1]).toMatchObject({ exceed_service_cap: false });

  await userEvent.click(screen.getByRole('button', { name: 'Vincular de todas formas' }));
  await waitFor(() => expect(sync).toHaveBeenCalledTimes(2));
  expect(sync.mock.calls[1]).toEqual([
    CREDENTIAL,
    { workflow: 3, rpu_ids: rpus.map((rpu) => rpu.rpu_id), exceed_service_cap: true },
  ]);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  sync.mockRestore();
});

test('declining starts nothing', async () => {
  const sync = jest.spyOn(credentialsApi, 'sync').mockRejectedValueOnce(refusal);
  render(
    <ThemeProvider theme={darkTheme}>
      <QueryClientProvider client={queryClient}>
        <SyncButton />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Sincronizar' }));
  await userEvent.click(await screen.findByRole('button', { name: 'No vincular' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sync).toHaveBeenCalledTimes(1);
  sync.mockRestore();
});

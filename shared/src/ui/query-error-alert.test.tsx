import { darkTheme } from '@luz/shared/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { ApiError } from '../errors/api-error';
import { QueryErrorAlert } from './query-error-alert';
import { DataTable } from './table';

const renderThemed = (ui: ReactNode) => render(<ThemeProvider theme={darkTheme}>{ui}</ThemeProvider>);

test('a failed read says why in Spanish and asks again on "Reintentar"', async () => {
  const onRetry = jest.fn();
  renderThemed(
    <QueryErrorAlert
      error={new ApiError({ kind: 'network', message: 'Network Error' })}
      onRetry={onRetry}
      prefix="No pudimos cargar tus servicios."
    />,
  );
  expect(screen.getByRole('alert')).toHaveTextContent(
    'No pudimos cargar tus servicios. No pudimos conectar con el servidor.',
  );
  await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});

test('a table whose rows could not be loaded does not claim there is nothing', () => {
  const table = (failed: boolean) => (
    <DataTable
      caption="Servicios"
      columns={[{ key: 'n', header: 'Número', render: (row: { id: string }) => row.id }]}
      rows={[]}
      getRowId={(row) => row.id}
      empty="Todavía no tienes servicios."
      failed={failed}
    />
  );
  const { rerender } = renderThemed(table(false));
  expect(screen.getByText('Todavía no tienes servicios.')).toBeInTheDocument();
  rerender(<ThemeProvider theme={darkTheme}>{table(true)}</ThemeProvider>);
  expect(screen.queryByText('Todavía no tienes servicios.')).not.toBeInTheDocument();
});

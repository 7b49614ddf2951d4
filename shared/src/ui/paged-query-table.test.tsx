import { darkTheme } from '@luz/shared/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { ApiError } from '../errors/api-error';
import { PagedQueryTable } from './paged-query-table';

type Rpu = { id: string };

const page = (query: Parameters<typeof PagedQueryTable<Rpu>>[0]['query'], setSearch = jest.fn()) =>
  render(
    <ThemeProvider theme={darkTheme}>
      <PagedQueryTable
        query={query}
        search={{ page: 2, pageSize: 10 }}
        setSearch={setSearch}
        caption="Servicios"
        columns={[{ key: 'n', header: 'Número', render: (row: Rpu) => row.id }]}
        getRowId={(row) => row.id}
        empty="Todavía no tienes servicios."
        errorPrefix="No pudimos cargar tus servicios."
      />
    </ThemeProvider>,
  );

test('one page of the list: its rows, the range of the total, and the page moves through the search', async () => {
  const setSearch = jest.fn();
  const rows = Array.from({ length: 10 }, (_, index) => ({ id: `rpu-${index + 11}` }));
  page(
    {
      data: { data: rows, count: 25 },
      error: null,
      isError: false,
      isPending: false,
      isPlaceholderData: false,
      refetch: jest.fn(),
    },
    setSearch,
  );
  expect(screen.getAllByRole('row')).toHaveLength(11);
  expect(screen.getByText('rpu-11')).toBeInTheDocument();
  expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Siguiente' }));
  expect(setSearch).toHaveBeenCalledWith({ page: 3 });
});

test('a failed read says what and why, retries, and does not claim the list is empty', async () => {
  const refetch = jest.fn();
  page({
    data: undefined,
    error: new ApiError({ kind: 'network', message: 'Network Error' }),
    isError: true,
    isPending: false,
    isPlaceholderData: false,
    refetch,
  });
  expect(screen.getByRole('alert')).toHaveTextContent(
    'No pudimos cargar tus servicios. No pudimos conectar con el servidor.',
  );
  expect(screen.queryByText('Todavía no tienes servicios.')).not.toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(refetch).toHaveBeenCalledTimes(1);
});

test('a list whose count stopped at its cap says "más de" and lets the user page on past it', async () => {
  const setSearch = jest.fn();
  const rows = Array.from({ length: 10 }, (_, index) => ({ id: `rpu-${index + 11}` }));
  render(
    <ThemeProvider theme={darkTheme}>
      <PagedQueryTable
        query={{
          data: { data: rows, count: 1000, count_capped: true },
          error: null,
          isError: false,
          isPending: false,
          isPlaceholderData: false,
          refetch: jest.fn(),
        }}
        search={{ page: 100, pageSize: 10 }}
        setSearch={setSearch}
        caption="Servicios"
        columns={[{ key: 'n', header: 'Número', render: (row: Rpu) => row.id }]}
        getRowId={(row) => row.id}
        empty="Todavía no tienes servicios."
      />
    </ThemeProvider>,
  );
  expect(screen.getByText('991–1000 de más de 1000')).toBeInTheDocument();
  expect(screen.getByText('Página 100 de más de 100')).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Siguiente' }));
  expect(setSearch).toHaveBeenCalledWith({ page: 101 });
});

test('the previous page, kept while the next one loads, is covered; the same rows refreshing are not', () => {
  const rows = Array.from({ length: 10 }, (_, index) => ({ id: `rpu-${index + 11}` }));
  const answer = { data: { data: rows, count: 25 }, error: null, isError: false, isPending: false };
  const { unmount } = page({ ...answer, isPlaceholderData: true, refetch: jest.fn() });
  expect(screen.getByRole('table').parentElement).toHaveAttribute('aria-busy', 'true');
  unmount();
  // A TanStack Query result refreshing in the background (sync events start one every few
  // seconds): fetching, yet its rows are the answer, and a row's action must take the click.
  const refreshing = { ...answer, isPlaceholderData: false, isFetching: true, refetch: jest.fn() };
  page(refreshing);
  expect(screen.getByRole('table').parentElement).not.toHaveAttribute('aria-busy');
  expect(screen.getByText('rpu-11')).toBeVisible();
});

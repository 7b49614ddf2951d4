import {
  chosenFilterBy,
  darkTheme,
  type PeriodsSearch,
  parsePeriodsSearch,
  type RpuSummary,
  useSearchState,
} from '@luz/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { PeriodsFilters } from './periods-filters';

const RPU = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const servicePoints: RpuSummary[] = [
  {
    rpu_id: RPU,
    service_number: '123456789012',
    alias: 'Oficina Centro',
    credential_id: null,
    rpu_status: 1,
  },
];

function Harness() {
  const [search, setState] = useSearchState(parsePeriodsSearch);
  const setSearch = useCallback(
    (patch: Partial<PeriodsSearch>) => setState({ filterBy: chosenFilterBy(search), ...patch }),
    [search, setState],
  );
  const location = useLocation();
  return (
    <>
      <PeriodsFilters
        search={search}
        setSearch={setSearch}
        servicePoints={servicePoints}
        credentials={[]}
        loadingOptions={false}
      />
      <output data-testid="url">{location.search}</output>
    </>
  );
}

function renderAt(url: string) {
  render(
    <ThemeProvider theme={darkTheme}>
      <MemoryRouter initialEntries={[url]}>
        <Harness />
      </MemoryRouter>
    </ThemeProvider>,
  );
  return userEvent.setup();
}

const url = () => screen.getByTestId('url').textContent;

test('choosing "Servicio" asks for the service point, then puts both in the URL', async () => {
  const user = renderAt('/periods?page=3');
  await user.selectOptions(screen.getByLabelText('Filtrar por'), 'rpu');
  expect(url()).toBe('?filterBy=rpu');
  expect(screen.getByText('Elige un servicio para filtrar por servicio.')).toHaveAttribute('role', 'status');
  await user.selectOptions(screen.getByLabelText('Servicio'), RPU);
  expect(url()).toBe(`?filterBy=rpu&rpuId=${RPU}`);
  expect(screen.getByLabelText('Servicio')).toHaveDisplayValue('123456789012 · Oficina Centro');
});

test('dates are typed dd/MM/yyyy and kept yyyy-MM-dd in the URL; page goes back to 1', async () => {
  const user = renderAt('/periods?page=2');
  await user.type(screen.getByLabelText('Desde (fecha final)'), '1/2/2024{Enter}');
  expect(url()).toBe('?initialDate=2024-02-01');
  expect(screen.getByLabelText('Desde (fecha final)')).toHaveValue('01/02/2024');
  await user.type(screen.getByLabelText('Hasta (fecha final)'), '31/12/2024');
  await user.tab();
  expect(url()).toBe('?finalDate=2024-12-31&initialDate=2024-02-01');
});

test('an invalid date shows why and is not applied; emptying the field removes it', async () => {
  const user = renderAt('/periods?initialDate=2024-02-01');
  const from = screen.getByLabelText('Desde (fecha final)');
  expect(from).toHaveValue('01/02/2024');
  await user.clear(from);
  await user.type(from, '30/02/2024{Enter}');
  expect(from).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByText('Escribe una fecha válida (dd/mm/aaaa)')).toBeInTheDocument();
  expect(url()).toBe('?initialDate=2024-02-01');
  await user.clear(from);
  await user.tab();
  expect(url()).toBe('');
});

test('an invalid date in the URL is ignored and the field starts empty (spec §2)', () => {
  renderAt('/periods?initialDate=2024-13-01&finalDate=hoy');
  expect(screen.getByLabelText('Desde (fecha final)')).toHaveValue('');
  expect(screen.getByLabelText('Hasta (fecha final)')).toHaveValue('');
  expect(screen.getByRole('button', { name: 'Limpiar filtros' })).toBeDisabled();
});

test('"Limpiar filtros" clears every filter', async () => {
  const user = renderAt(`/periods?filterBy=rpu&rpuId=${RPU}&initialDate=2024-01-01&pageSize=25`);
  await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
  expect(url()).toBe('?pageSize=25');
});

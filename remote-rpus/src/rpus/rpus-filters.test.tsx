import { type Credential, darkTheme, parseRpusSearch, RpuStatus, useSearchState } from '@luz/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { RpusFilters, SEARCH_DEBOUNCE_MS } from './rpus-filters';
import { rpusQueryFromSearch } from './search-query';

const CREDENTIAL = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const credentials: Credential[] = [
  {
    credential_id: CREDENTIAL,
    alias: 'Planta',
    cfe_user: 'planta@cfe.test',
    status: 1,
    status_message: null,
    last_synced_at: null,
    rpus_count: 3,
    captcha_pending: false,
    created_at: '2025-01-01T00:00:00.000Z',
  },
];

const query = (search: string) => rpusQueryFromSearch(parseRpusSearch(search));

describe('the URL of /rpus/ to the API query of GET /rpus/', () => {
  afterEach(() => localStorage.clear());

  test('no parameters: page 1 of the preferred size, no filters', () => {
    expect(query('')).toEqual({ page: 1, page_size: 10 });
    localStorage.setItem('luz.pageSize', '25');
    expect(query('?page=3')).toEqual({ page: 3, page_size: 25 });
  });

  test.each([
    ['?filterBy=alias&search=Almacén', { alias: 'Almacén' }],
    ['?filterBy=serviceNumber&search=1234%205678', { service_number: '12345678' }],
    ['?filterBy=email&search=compras@', { cfe_user: 'compras@' }],
    ['?filterBy=email', {}],
    [`?filterBy=credential&credentialId=${CREDENTIAL}`, { credential_id: CREDENTIAL }],
    ['?filterBy=withCredential', { with_credential: 'true' }],
  ])('filterBy: %s', (search, expected) => {
    expect(query(search)).toEqual({ page: 1, page_size: 10, ...expected });
  });

  test('a filter without its required value is not applied (spec §2)', () => {
    expect(query('?filterBy=alias')).toEqual({ page: 1, page_size: 10 });
    expect(query('?filterBy=serviceNumber&search=')).toEqual({ page: 1, page_size: 10 });
    expect(query('?filterBy=credential')).toEqual({ page: 1, page_size: 10 });
    expect(query('?filterBy=credential&credentialId=no-es-un-id')).toEqual({ page: 1, page_size: 10 });
  });

  test('search without filterBy is ignored; unknown values become null', () => {
    expect(query('?search=norte&filterBy=nombre&rpuStatus=9&withAutofetch=si')).toEqual({
      page: 1,
      page_size: 10,
    });
  });

  test('status and flags', () => {
    expect(query('?rpuStatus=-1&withAutofetch=true&sendEmailNotifications=false')).toEqual({
      page: 1,
      page_size: 10,
      rpu_status: RpuStatus.syncing,
      with_autofetch: 'true',
      send_email_notifications: 'false',
    });
  });
});

function Harness() {
  const [search, setSearch] = useSearchState(parseRpusSearch);
  const location = useLocation();
  return (
    <>
      <RpusFilters search={search} setSearch={setSearch} credentials={credentials} />
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
  return { url: () => new URLSearchParams(screen.getByTestId('url').textContent ?? '') };
}

describe('the filters keep their state in the URL', () => {
  test('the controls show the URL’s state', () => {
    renderAt('/rpus/?filterBy=alias&search=norte&rpuStatus=1&withAutofetch=true&page=3');
    expect(screen.getByLabelText('Buscar por')).toHaveValue('alias');
    expect(screen.getByLabelText('Buscar')).toHaveValue('norte');
    expect(screen.getByLabelText('Estado')).toHaveValue('1');
    expect(screen.getByLabelText('Descarga automática')).toHaveValue('true');
    expect(screen.getByLabelText('Notificaciones por correo')).toHaveValue('');
  });

  test('unknown values in the URL show as "Todos"', () => {
    renderAt('/rpus/?rpuStatus=42&withAutofetch=quizas&filterBy=otro');
    expect(screen.getByLabelText('Buscar por')).toHaveValue('');
    expect(screen.getByLabelText('Estado')).toHaveValue('');
    expect(screen.getByLabelText('Descarga automática')).toHaveValue('');
    expect(screen.queryByLabelText('Buscar')).not.toBeInTheDocument();
  });

  test('choosing a filter that needs a value keeps it chosen and says what is missing', async () => {
    const user = userEvent.setup();
    const { url } = renderAt('/rpus/?page=4');
    await user.selectOptions(screen.getByLabelText('Buscar por'), 'alias');
    expect(url().get('filterBy')).toBe('alias');
    expect(url().get('page')).toBeNull();
    expect(screen.getByText('Escribe lo que quieres buscar.')).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText('Buscar por')).toHaveValue('alias');
  });

  test('typing a search writes it to the URL once the user pauses, back to page 1', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const { url } = renderAt('/rpus/?filterBy=serviceNumber&search=1&page=2');
      const box = screen.getByLabelText('Buscar');
      await user.clear(box);
      await user.type(box, '5551');
      expect(url().get('search')).toBe('1');
      act(() => {
        jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      });
      expect(url().get('search')).toBe('5551');
      expect(url().get('filterBy')).toBe('serviceNumber');
      expect(url().get('page')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  test('the credential filter offers the user’s credentials', async () => {
    const user = userEvent.setup();
    const { url } = renderAt('/rpus/?filterBy=credential');
    await user.selectOptions(screen.getByLabelText('Cuenta de CFE'), 'Planta (planta@cfe.test)');
    expect(url().get('credentialId')).toBe(CREDENTIAL);
    expect(url().get('filterBy')).toBe('credential');
  });

  test('status and flags; "Limpiar filtros" empties the URL', async () => {
    const user = userEvent.setup();
    const { url } = renderAt('/rpus/?filterBy=withCredential&page=2');
    await user.selectOptions(screen.getByLabelText('Estado'), 'Sin nombre');
    await user.selectOptions(screen.getByLabelText('Notificaciones por correo'), 'No');
    expect(url().get('rpuStatus')).toBe('5');
    expect(url().get('sendEmailNotifications')).toBe('false');
    expect(url().get('filterBy')).toBe('withCredential');
    expect(url().get('page')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(url().toString()).toBe('');
  });
});

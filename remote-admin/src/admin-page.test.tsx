import { darkTheme, http, RemoteContext, type RemoteProps, type UserPublic } from '@luz/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { AdminPage } from './admin-page';

const user = (isSuperuser: boolean): UserPublic => ({
  id: '7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5b4a',
  email: 'ana@luz.test',
  full_name: 'Ana',
  company_name: 'Luz',
  is_superuser: isSuperuser,
  is_active: true,
  must_change_password: false,
  has_credentials: true,
  subscription: { status: 'active', subscription_id: null, updated_at: null },
  created_at: '2025-03-01T10:00:00.000Z',
});

test('an ordinary user is sent away before any admin endpoint is called', () => {
  const requests: string[] = [];
  const interceptor = http.interceptors.request.use((config) => {
    requests.push(String(config.url));
    return config;
  });
  try {
    render(
      <ThemeProvider theme={darkTheme}>
        <RemoteContext.Provider value={{ user: user(false) } as RemoteProps}>
          <MemoryRouter initialEntries={['/admin?tab=1']}>
            <Routes>
              <Route path="/admin" element={<AdminPage />} />
              <Route path="/" element={<p>Inicio</p>} />
            </Routes>
          </MemoryRouter>
        </RemoteContext.Provider>
      </ThemeProvider>,
    );
    expect(screen.getByText('Inicio')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Administración' })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  } finally {
    http.interceptors.request.eject(interceptor);
  }
});

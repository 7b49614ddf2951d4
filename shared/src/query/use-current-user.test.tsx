import { clearSession, setAccessToken } from '@luz/shared/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import type { ReactNode } from 'react';
import { http } from '../api/client';
import type { UserPublic } from '../contract';
import { useCurrentUser } from './use-current-user';

// Spec §4: the current user is asked for only when a token is stored, and is always stale, so
// each screen that uses it asks again (a subscription bought elsewhere shows at once).

const user: UserPublic = {
  id: '3f2a6c1e-8b4d-4c2a-9f1e-2d7b5a9c0e11',
  email: 'ana@empresa.mx',
  full_name: 'Ana Pérez',
  company_name: 'Empresa',
  is_superuser: false,
  is_active: true,
  must_change_password: false,
  has_credentials: true,
  subscription: { status: 'active', subscription_id: 'sub_1', updated_at: null },
  created_at: '2026-01-01T00:00:00Z',
};

let asked: string[];
let previousAdapter: typeof http.defaults.adapter;
/** The screens' shared cache, new for each test. */
let client: QueryClient;
beforeEach(() => {
  asked = [];
  client = new QueryClient();
  previousAdapter = http.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    asked.push(String(config.url));
    return { data: user, status: 200, statusText: 'OK', headers: {}, config };
  };
  http.defaults.adapter = adapter;
});
afterEach(() => {
  http.defaults.adapter = previousAdapter;
  clearSession();
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

test('without a stored token the current user is never asked for', async () => {
  const { result } = renderHook(() => useCurrentUser(), { wrapper });
  // A query that asks does so as it mounts ('fetching'); this one stays idle, and nothing left.
  expect(result.current.fetchStatus).toBe('idle');
  expect(asked).toEqual([]);
  // The same hook once a token is stored asks at once.
  setAccessToken('token-de-prueba');
  const signedIn = renderHook(() => useCurrentUser(), { wrapper });
  expect(signedIn.result.current.fetchStatus).toBe('fetching');
  await waitFor(() => expect(asked).toContain('/users/me'));
});

test('with a token it is asked for, and asked again by every screen that mounts it: always stale', async () => {
  setAccessToken('token-de-prueba');
  const first = renderHook(() => useCurrentUser(), { wrapper });
  await waitFor(() => expect(first.result.current.data).toEqual(user));
  expect(asked).toEqual(['/users/me']);
  expect(first.result.current.isStale).toBe(true);
  const second = renderHook(() => useCurrentUser(), { wrapper });
  // The cached user shows at once while it is asked for again.
  expect(second.result.current.data).toEqual(user);
  await waitFor(() => expect(asked).toEqual(['/users/me', '/users/me']));
});

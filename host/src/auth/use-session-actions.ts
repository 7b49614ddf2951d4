import { clearSession, getAccessToken, queryClient, setAccessToken } from '@luz/shared/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { loadSdk } from '../startup/sdk';

/**
 * Logging in stores the token and goes to /; logging out ends the session on the server too (so
 * a copy of the token is worthless from then on), forgets everything and goes to /login without
 * waiting for the answer: a server that cannot be reached must not keep anyone signed in here.
 */
export function useSessionActions() {
  const navigate = useNavigate();
  const startSession = useCallback(
    (accessToken: string) => {
      queryClient.clear();
      setAccessToken(accessToken);
      navigate('/', { replace: true });
    },
    [navigate],
  );
  const logout = useCallback(() => {
    const token = getAccessToken();
    if (token)
      void loadSdk()
        .then((sdk) => sdk.authApi.logout(token))
        .catch(() => undefined);
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate]);
  return { startSession, logout };
}

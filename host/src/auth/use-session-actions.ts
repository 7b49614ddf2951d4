import { clearSession, queryClient, setAccessToken } from '@luz/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** Logging in stores the token and goes to /; logging out forgets everything and goes to /login. */
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
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate]);
  return { startSession, logout };
}

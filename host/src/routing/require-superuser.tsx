import { Navigate, Outlet } from 'react-router-dom';
import { useHostValue } from '../remotes/host-context';

/**
 * The admin console is for superusers; anyone else is sent to the start page. It renders inside
 * the layout, which has the current user already: asking for it again here would send a second
 * GET /users/me (the query is always stale) before the console could mount.
 */
export function RequireSuperuser() {
  const { user } = useHostValue();
  if (!user.is_superuser) return <Navigate to="/" replace />;
  return <Outlet />;
}

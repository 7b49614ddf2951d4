import { PageSpinner, useCurrentUser } from '@luz/shared';
import { Navigate, Outlet } from 'react-router-dom';

/** The admin console is for superusers; anyone else is sent to the start page. */
export function RequireSuperuser() {
  const { data: user } = useCurrentUser();
  if (!user) return <PageSpinner />;
  if (!user.is_superuser) return <Navigate to="/" replace />;
  return <Outlet />;
}

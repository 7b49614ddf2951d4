import { isLoggedIn } from '@luz/shared/core';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

/** Protected routes without a stored token go to /login (spec §8). */
export function RequireAuth() {
  const location = useLocation();
  if (!isLoggedIn())
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** Public-only routes with a stored token go to / (spec §2). */
export function PublicOnly() {
  if (isLoggedIn()) return <Navigate to="/" replace />;
  return <Outlet />;
}

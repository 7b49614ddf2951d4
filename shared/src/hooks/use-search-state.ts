import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toSearchParams } from '../search';

/**
 * A screen's state kept in the URL: parsed by the route's schema on every location change, and
 * written back (without defaults and nulls) so that reloads, links and back/forward restore it.
 */
export function useSearchState<T extends object>(parse: (search: string) => T, defaults: Partial<T> = {}) {
  const location = useLocation();
  const navigate = useNavigate();
  const values = useMemo(() => parse(location.search), [parse, location.search]);

  const setValues = useCallback(
    (patch: Partial<T>, options: { replace?: boolean } = {}) => {
      const search = toSearchParams({ ...values, ...patch }, defaults).toString();
      navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '' },
        { replace: options.replace ?? false },
      );
    },
    [values, defaults, navigate, location.pathname],
  );

  return [values, setValues] as const;
}

import { useCallback, useMemo, useRef } from 'react';
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
  // Inside a remote the new location arrives a moment after navigating (the host passes it down
  // as a parcel update): a second change in that moment must build on the first, not undo it.
  const pending = useRef<{ from: string; values: T } | null>(null);
  if (pending.current && pending.current.from !== location.search) pending.current = null;

  const setValues = useCallback(
    (patch: Partial<T>, options: { replace?: boolean } = {}) => {
      const next = { ...(pending.current?.values ?? values), ...patch };
      pending.current = { from: location.search, values: next };
      const search = toSearchParams(next, defaults).toString();
      navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '' },
        { replace: options.replace ?? false },
      );
    },
    [values, defaults, navigate, location.pathname, location.search],
  );

  return [values, setValues] as const;
}

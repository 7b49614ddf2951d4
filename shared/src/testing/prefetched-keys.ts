import { queryClient } from '@luz/shared/core';
import type { RemotePrefetch } from '../remote/remote-props';

/** The query keys a remote's `prefetch` asks for at an address; nothing is sent. */
export function prefetchedKeys(prefetch: RemotePrefetch, pathname: string, search = '') {
  const asked = jest.spyOn(queryClient, 'prefetchQuery').mockResolvedValue(undefined);
  asked.mockClear();
  prefetch({ pathname, search });
  return asked.mock.calls.map(([options]) => options.queryKey);
}

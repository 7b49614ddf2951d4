import {
  billingApi,
  isSubscriptionActive,
  operationKey,
  parseSubscriptionSearch,
  queryClient,
  useSearchState,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * The billing provider sends the browser back to /subscription?id=<hosted page>&state=…. A
 * succeeded checkout is confirmed once (the API asks the provider; the browser only names the
 * page), and a subscription that gives access goes straight into the app.
 */
export function useCheckoutReturn() {
  const [{ id, state }] = useSearchState(parseSubscriptionSearch);
  const navigate = useNavigate();
  const confirmation = useMutation({
    mutationFn: billingApi.confirmSubscription,
    onSuccess: (user) => {
      queryClient.setQueryData(operationKey('getMe'), user);
      // Without the parameters, a reload does not confirm again.
      navigate(isSubscriptionActive(user) ? '/' : '/subscription', { replace: true });
    },
  });
  const { mutate } = confirmation;

  const confirmed = useRef<string | null>(null);
  useEffect(() => {
    if (!id || state !== 'succeeded' || confirmed.current === id) return;
    confirmed.current = id;
    mutate({ hosted_page_id: id });
  }, [id, state, mutate]);

  const retry = useCallback(() => {
    if (id) mutate({ hosted_page_id: id });
  }, [id, mutate]);

  return { confirmation, retry, cancelledAtProvider: Boolean(id) && state === 'cancelled' };
}

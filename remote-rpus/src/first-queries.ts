import {
  operationQuery,
  type PaymentHistorySearch,
  parsePaymentHistorySearch,
  parseRpusSearch,
  queryClient,
  type RemoteAddress,
  type RpusSearch,
} from '@luz/shared';
import { matchPath } from 'react-router-dom';
import { rpusQueryFromSearch } from './rpus/search-query';

// The queries this remote's screens ask for when they open, shared by the screens and `prefetch`
// (the same options, so the same cache entries).

export const RPUS_PATH = '/rpus/';
export const PAYMENT_HISTORY_PATH = '/rpus/:rpuId/payment-history';

export const rpusQuery = (search: RpusSearch) =>
  operationQuery('listRpus', { query: rpusQueryFromSearch(search) });

/** Every portal account of the user: the filters' and the dialogs' pickers. */
export const credentialsQuery = () => operationQuery('allCredentials');

export const rpuQuery = (rpuId: string) => operationQuery('getRpu', { params: { rpu_id: rpuId } });

export const paymentsQuery = (rpuId: string, search: PaymentHistorySearch) =>
  operationQuery('listPayments', {
    params: { rpu_id: rpuId },
    query: { page: search.page, page_size: search.pageSize },
  });

/** The first screen's requests of an address of this remote, before it mounts (`RemotePrefetch`). */
export function prefetchFirstScreen({ pathname, search }: RemoteAddress) {
  if (matchPath(RPUS_PATH, pathname)) {
    // Not the accounts' picker: the host's sync area asks for the same list when it connects,
    // and one request serves both.
    void queryClient.prefetchQuery(rpusQuery(parseRpusSearch(search)));
    return;
  }
  const rpuId = matchPath(PAYMENT_HISTORY_PATH, pathname)?.params.rpuId;
  if (rpuId) {
    void queryClient.prefetchQuery(rpuQuery(rpuId));
    void queryClient.prefetchQuery(paymentsQuery(rpuId, parsePaymentHistorySearch(search)));
  }
}

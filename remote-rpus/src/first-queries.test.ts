import { operationKey } from '@luz/shared';
import { prefetchedKeys } from '@luz/shared/testing/prefetched-keys';
import { prefetchFirstScreen } from './first-queries';

const keysAskedFor = (pathname: string, search = '') => prefetchedKeys(prefetchFirstScreen, pathname, search);

test("the list's first request: the page of service points the URL asks for", () => {
  expect(keysAskedFor('/rpus/', '?page=2&pageSize=25&filterBy=alias&search=Sucursal')).toEqual([
    operationKey('listRpus', { query: { alias: 'Sucursal', page: 2, page_size: 25 } }),
  ]);
});

test("a payment history's first requests: its service point and its page of payments, together", () => {
  const rpu = '0b0a7c1e-5d2f-4e61-8a9b-1c2d3e4f5a6b';
  expect(keysAskedFor(`/rpus/${rpu}/payment-history`)).toEqual([
    operationKey('getRpu', { params: { rpu_id: rpu } }),
    operationKey('listPayments', { params: { rpu_id: rpu }, query: { page: 1, page_size: 10 } }),
  ]);
});

test('an address the remote does not draw asks for nothing', () => {
  expect(keysAskedFor('/rpus/x/otra-cosa')).toEqual([]);
});

import { operationKey } from '@luz/shared';
import { prefetchedKeys } from '@luz/shared/testing/prefetched-keys';
import { prefetchFirstScreen } from './first-queries';

const keysAskedFor = (pathname: string, search = '') => prefetchedKeys(prefetchFirstScreen, pathname, search);

test("/downloads' first request is the page of tasks the URL asks for; one task's detail asks for none", () => {
  expect(keysAskedFor('/downloads', '?page=3')).toEqual([
    operationKey('listTasks', { query: { page: 3, page_size: 10 } }),
  ]);
  expect(keysAskedFor('/downloads', '?taskId=8c1f3d4e-2b7a-4c59-9e61-0a2d5f3b7c90')).toEqual([]);
});

test("/periods' first requests: the page of periods, the chart's series and the service points' picker", () => {
  const rpu = '0b0a7c1e-5d2f-4e61-8a9b-1c2d3e4f5a6b';
  expect(keysAskedFor('/periods', `?filterBy=rpu&rpuId=${rpu}&initialDate=2024-01-01`)).toEqual([
    operationKey('listPeriods', {
      query: { rpu_id: rpu, initial_date: '2024-01-01', page: 1, page_size: 10 },
    }),
    operationKey('periodsSeries', { query: { rpu_id: rpu, initial_date: '2024-01-01' } }),
    operationKey('allRpus'),
  ]);
  expect(keysAskedFor('/periods', '?filterBy=credential')).toEqual([
    operationKey('listPeriods', { query: { page: 1, page_size: 10 } }),
    operationKey('periodsSeries', { query: {} }),
  ]);
});

import { act, renderHook } from '@testing-library/react';
import { useListSelection, usePageInRange } from './use-list-state';

test('the selection survives re-renders and is cleared when the reset key changes', () => {
  const { result, rerender } = renderHook(({ key }) => useListSelection(key), { initialProps: { key: 'a' } });
  act(() => result.current[1](new Set(['1', '2'])));
  rerender({ key: 'a' });
  expect([...result.current[0]]).toEqual(['1', '2']);
  rerender({ key: 'b' });
  expect(result.current[0].size).toBe(0);
});

test('a page past the end goes to the last page, once the count is known', () => {
  const goTo = jest.fn();
  const { rerender } = renderHook(({ page, count }) => usePageInRange(page, 10, count, goTo), {
    initialProps: { page: 5, count: undefined as number | undefined },
  });
  expect(goTo).not.toHaveBeenCalled();
  rerender({ page: 5, count: 21 });
  expect(goTo).toHaveBeenCalledWith(3);
  goTo.mockClear();
  rerender({ page: 3, count: 21 });
  rerender({ page: 1, count: 0 });
  expect(goTo).not.toHaveBeenCalled();
});

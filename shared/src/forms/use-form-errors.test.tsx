import { act, renderHook } from '@testing-library/react';
import { z } from 'zod';
import { ApiError } from '../errors/api-error';
import { es } from '../text/es';
import { useFormErrors } from './use-form-errors';

const schema = z.object({ alias: z.string().max(5) });

const validationError = (items: { field: string; msg: string }[]) =>
  new ApiError({
    kind: 'http',
    message: 'Validation Error',
    status: 422,
    body: { detail: items.map(({ field, msg }) => ({ loc: ['body', field], msg, type: 'value_error' })) },
  });

test('a failed check marks the field and does not send', () => {
  const send = jest.fn();
  const { result } = renderHook(() => useFormErrors());
  act(() => result.current.check(schema, { alias: 'demasiado largo' }, send));
  expect(send).not.toHaveBeenCalled();
  expect(Object.keys(result.current.errors)).toEqual(['alias']);
  expect(result.current.message).toBeNull();
});

test('the server’s 422 on a field the form shows goes to that field; on one it does not, to the form message', () => {
  const { result } = renderHook(() => useFormErrors());
  act(() => result.current.check(schema, { alias: 'Sur' }, () => undefined));

  act(() =>
    result.current.fromServer(validationError([{ field: 'alias', msg: 'must be at most 5 characters' }])),
  );
  expect(result.current.errors.alias).toBeTruthy();
  expect(result.current.message).toBeNull();

  act(() =>
    result.current.fromServer(
      validationError([{ field: 'credential_id', msg: 'must be at most 5 characters' }]),
    ),
  );
  expect(result.current.message).toBe(`credential_id: ${result.current.errors.credential_id}`);
});

test('an error that names no field becomes the form message', () => {
  const { result } = renderHook(() => useFormErrors());
  act(() => result.current.fromServer(new ApiError({ kind: 'network', message: 'Network Error' })));
  expect(result.current.errors).toEqual({});
  expect(result.current.message).toBe(es.errors.network);
});

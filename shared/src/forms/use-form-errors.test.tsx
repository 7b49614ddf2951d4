import { es } from '@luz/shared/text';
import { act, renderHook } from '@testing-library/react';
import { z } from 'zod';
import { ApiError } from '../errors/api-error';
import { passwordConfirmation, useFormErrors } from './use-form-errors';

const schema = z.object({ alias: z.string().max(5) });

const validationError = (items: { field: string; msg: string }[]) =>
  new ApiError({
    kind: 'http',
    message: 'Validation Error',
    status: 422,
    body: {
      detail: items.map(({ field, msg }) => ({
        loc: ['body', field],
        msg,
        type: 'string_too_long',
        ctx: { max_length: 5 },
      })),
    },
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

test('a confirmation that differs is the form’s own error: nothing is sent', () => {
  const send = jest.fn();
  const data = new FormData();
  data.set('new_password', 'Clave-Nueva-123');
  data.set('confirm_password', 'Clave-Nueva-124');
  const { result } = renderHook(() => useFormErrors());
  act(() =>
    result.current.check(
      z.object({ new_password: z.string() }),
      { new_password: 'Clave-Nueva-123' },
      send,
      passwordConfirmation(data, 'new_password'),
    ),
  );
  expect(result.current.errors).toEqual({ confirm_password: es.validation.passwordsDiffer });
  expect(send).not.toHaveBeenCalled();

  data.set('confirm_password', 'Clave-Nueva-123');
  act(() =>
    result.current.check(
      z.object({ new_password: z.string() }),
      { new_password: 'Clave-Nueva-123' },
      send,
      passwordConfirmation(data, 'new_password'),
    ),
  );
  expect(result.current.errors).toEqual({});
  expect(send).toHaveBeenCalledWith({ new_password: 'Clave-Nueva-123' });
});

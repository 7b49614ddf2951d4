import { es } from '@luz/shared/text';
import { AxiosError, CanceledError } from 'axios';
import { httpError, requestConfig } from './axios-test-utils';
import { errorMessage, fieldErrors, loginErrorMessage } from './messages';

const networkError = () => new AxiosError('Network Error', AxiosError.ERR_NETWORK, requestConfig, {});
const timeoutError = () =>
  new AxiosError('timeout of 1000ms exceeded', AxiosError.ECONNABORTED, requestConfig, {});
const validationList = {
  detail: [
    { loc: ['body', 'username'], msg: 'username is a required field', type: 'missing' },
    { loc: ['body', 'password'], msg: 'must be at least 8 characters', type: 'string_too_short' },
  ],
};

describe('loginErrorMessage (spec §8)', () => {
  it('shows the detail of the server response when it is a string', () => {
    expect(loginErrorMessage(httpError(400, { detail: 'Correo o contraseña incorrectos' }))).toBe(
      'Correo o contraseña incorrectos',
    );
  });

  it('shows the HTTP client message when the error comes from the client', () => {
    expect(loginErrorMessage(networkError())).toBe('Network Error');
    expect(loginErrorMessage(timeoutError())).toBe('timeout of 1000ms exceeded');
    expect(loginErrorMessage(new CanceledError(undefined, undefined, requestConfig))).toBe('canceled');
  });

  it('shows "Ocurrió un error inesperado" when detail is a list', () => {
    expect(loginErrorMessage(httpError(422, validationList))).toBe('Ocurrió un error inesperado');
  });

  it('shows the unexpected-error text for an answer without a detail, and for other errors', () => {
    expect(loginErrorMessage(httpError(500, '<html></html>'))).toBe(es.errors.unexpected);
    expect(loginErrorMessage(httpError(429, { detail: '' }))).toBe(es.errors.unexpected);
    expect(loginErrorMessage(new Error('bug'))).toBe(es.errors.unexpected);
  });
});

describe('errorMessage (Spanish, for toasts)', () => {
  it('uses the detail string of the server', () => {
    expect(errorMessage(httpError(409, { detail: 'Ya existe una cuenta con este correo electrónico' }))).toBe(
      'Ya existe una cuenta con este correo electrónico',
    );
  });
  it('a validation list asks to review the data', () => {
    expect(errorMessage(httpError(422, validationList))).toBe(es.errors.validation);
  });
  it('network, timeout and cancellation have their own Spanish texts', () => {
    expect(errorMessage(networkError())).toBe(es.errors.network);
    expect(errorMessage(timeoutError())).toBe(es.errors.timeout);
    expect(errorMessage(new CanceledError())).toBe(es.errors.cancelled);
  });
  it.each([
    [401, es.errors.sessionExpired],
    [402, es.errors.subscriptionRequired],
    [403, es.errors.forbidden],
    [404, es.errors.notFound],
    [422, es.errors.validation],
    [429, es.errors.tooManyRequests],
    [500, es.errors.server],
    [503, es.errors.server],
    [400, es.errors.unexpected],
  ])('an answer %i without detail reads a generic Spanish text', (status, text) => {
    expect(errorMessage(httpError(status, null))).toBe(text);
  });
  it('anything else is "Ocurrió un error inesperado"', () => {
    expect(errorMessage(new Error('TypeError in a screen'))).toBe('Ocurrió un error inesperado');
    expect(errorMessage(undefined)).toBe('Ocurrió un error inesperado');
  });
});

describe('fieldErrors (422 detail list to Spanish messages per field)', () => {
  it('words the generic errors of spec §5 in Spanish from their type and ctx', () => {
    const error = httpError(422, {
      detail: [
        { loc: ['body', 'full_name'], msg: 'full_name is a required field', type: 'missing' },
        {
          loc: ['body', 'email'],
          msg: 'must be a valid email',
          type: 'value_error',
          ctx: { format: 'email' },
        },
        {
          loc: ['body', 'password'],
          msg: 'must be at least 8 characters',
          type: 'string_too_short',
          ctx: { min_length: 8 },
        },
        {
          loc: ['body', 'company_name'],
          msg: 'must be at most 255 characters',
          type: 'string_too_long',
          ctx: { max_length: 255 },
        },
        { loc: ['query', 'page'], msg: 'must be a positive number', type: 'greater_than', ctx: { gt: 0 } },
        {
          loc: ['query', 'page_size'],
          msg: 'must be an integer',
          type: 'int_type',
          ctx: { expected: 'int' },
        },
      ],
    });
    expect(fieldErrors(error)).toEqual({
      full_name: 'Este campo es obligatorio',
      email: 'Escribe un correo electrónico válido',
      password: 'Debe tener al menos 8 caracteres',
      company_name: 'Debe tener como máximo 255 caracteres',
      page: 'Debe ser un número positivo',
      page_size: 'Debe ser un número entero',
    });
  });

  it("shows the API's own sentences (a value_error without ctx) as they are", () => {
    const own = 'El número de servicio debe tener 12 dígitos.';
    const error = httpError(422, {
      detail: [{ loc: ['body', 'service_number'], msg: own, type: 'value_error' }],
    });
    expect(fieldErrors(error)).toEqual({ service_number: own });
  });

  it('keys nested fields by their path and skips items that name no field', () => {
    const error = httpError(422, {
      detail: [
        { loc: ['body'], msg: 'body is a required field', type: 'missing' },
        {
          loc: ['body', 'rows', 3, 'service_number'],
          msg: 'must be an integer',
          type: 'int_type',
          ctx: { expected: 'int' },
        },
      ],
    });
    expect(fieldErrors(error)).toEqual({ 'rows.3.service_number': es.validation.integer });
  });

  it('keeps the first message of a field', () => {
    const error = httpError(422, {
      detail: [
        { loc: ['body', 'email'], msg: 'email is a required field', type: 'missing' },
        {
          loc: ['body', 'email'],
          msg: 'must be a valid email',
          type: 'value_error',
          ctx: { format: 'email' },
        },
      ],
    });
    expect(fieldErrors(error)).toEqual({ email: es.validation.required });
  });

  it('is empty for errors without a validation list', () => {
    expect(fieldErrors(httpError(400, { detail: 'x' }))).toEqual({});
    expect(fieldErrors(networkError())).toEqual({});
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});

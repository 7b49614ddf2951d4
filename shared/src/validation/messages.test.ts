import { es } from '@luz/shared/text';
import type { ValidationErrorItem } from '../contract';
import { validationItemMessage } from './messages';

const item = (type: string, ctx?: ValidationErrorItem['ctx'], msg = 'English, as the API words it') => ({
  loc: ['body', 'field'],
  msg,
  type,
  ...(ctx && { ctx }),
});

describe('validationItemMessage: a 422 item in Spanish, by its type and ctx', () => {
  it.each([
    [item('missing'), 'Este campo es obligatorio'],
    [item('string_too_short', { min_length: 8 }), 'Debe tener al menos 8 caracteres'],
    [item('string_too_long', { max_length: 255 }), 'Debe tener como máximo 255 caracteres'],
    [item('too_short', { min_length: 1 }), 'Elige al menos 1'],
    [item('too_long', { max_length: 10000 }), 'Elige como máximo 10000'],
    [item('greater_than_equal', { ge: 1 }), 'Debe ser mayor o igual a 1'],
    [item('greater_than', { gt: 0 }), 'Debe ser un número positivo'],
    [item('greater_than', { gt: 3 }), 'Debe ser mayor que 3'],
    [item('less_than_equal', { le: 500 }), 'Debe ser menor o igual a 500'],
    [item('less_than', { lt: 10 }), 'Debe ser menor que 10'],
    [item('multiple_of', { multiple_of: 5 }), 'Debe ser múltiplo de 5'],
    [item('int_type', { expected: 'int' }), 'Debe ser un número entero'],
    [item('number_type', { expected: 'number' }), 'Debe ser un número'],
    [item('string_type', { expected: 'string' }), 'Valor inválido'],
    [item('enum', { expected: '0, 1, 2' }), 'Elige una de las opciones válidas'],
    [item('extra_forbidden'), 'Valor inválido'],
    [item('string_pattern_mismatch', { pattern: '^\\d+$' }), 'Valor inválido'],
    [item('date_order', { after: 'initial_date' }), 'Debe ser igual o posterior a la fecha inicial'],
    [item('string_nul'), es.validation.nul],
    [item('value_error', { format: 'email' }), 'Escribe un correo electrónico válido'],
    [item('value_error', { format: 'url' }), 'Escribe una URL válida'],
    [item('value_error', { format: 'date' }), es.validation.date],
    [item('value_error', { format: 'uuid' }), 'Valor inválido'],
    [item('value_error', { reason: 'invalid_union' }), 'Valor inválido'],
  ])('%j reads "%s"', (error, spanish) => {
    expect(validationItemMessage(error)).toBe(spanish);
  });

  it('never depends on the English wording', () => {
    expect(validationItemMessage(item('string_too_short', { min_length: 8 }, 'anything'))).toBe(
      es.validation.min(8),
    );
  });

  it('reads "Valor inválido" when a generic type lacks the limit it needs', () => {
    for (const type of [
      'string_too_short',
      'string_too_long',
      'too_short',
      'greater_than_equal',
      'less_than',
    ])
      expect(validationItemMessage(item(type, {}))).toBe(es.validation.invalid);
    expect(validationItemMessage(item('value_error', {}))).toBe(es.validation.invalid);
  });

  it("shows the API's own sentences as they are: a value_error without ctx and the API's own types", () => {
    const own = 'El número de servicio debe tener 12 dígitos.';
    expect(validationItemMessage(item('value_error', undefined, own))).toBe(own);
    expect(validationItemMessage(item('service_cap', undefined, 'Esta cuenta tendría 12 servicios…'))).toBe(
      'Esta cuenta tendría 12 servicios…',
    );
    expect(validationItemMessage(item('password_guessable', undefined, 'Contraseña fácil'))).toBe(
      'Contraseña fácil',
    );
  });
});

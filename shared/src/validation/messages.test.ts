import { es } from '../text/es';
import { genericValidationMessages, translateValidationMessage } from './messages';

describe('genericValidationMessages (spec §5, English as the API sends them)', () => {
  it('builds "{field} is a required field"', () => {
    expect(genericValidationMessages.required('email')).toBe('email is a required field');
  });
  it('has "must be a valid email"', () => {
    expect(genericValidationMessages.email).toBe('must be a valid email');
  });
  it('builds "must be at least {min} characters"', () => {
    expect(genericValidationMessages.min(8)).toBe('must be at least 8 characters');
  });
  it('builds "must be at most {max} characters"', () => {
    expect(genericValidationMessages.max(255)).toBe('must be at most 255 characters');
  });
  it('has "must be a positive number"', () => {
    expect(genericValidationMessages.positive).toBe('must be a positive number');
  });
  it('has "must be an integer"', () => {
    expect(genericValidationMessages.integer).toBe('must be an integer');
  });
});

describe('translateValidationMessage', () => {
  it('translates the required message whatever the field', () => {
    expect(translateValidationMessage('email is a required field')).toBe(es.validation.required);
    expect(translateValidationMessage('full_name is a required field')).toBe('Este campo es obligatorio');
  });
  it('translates the e-mail message', () => {
    expect(translateValidationMessage('must be a valid email')).toBe('Escribe un correo electrónico válido');
  });
  it('translates the minimum length with its number', () => {
    expect(translateValidationMessage('must be at least 8 characters')).toBe(
      'Debe tener al menos 8 caracteres',
    );
  });
  it('translates the maximum length with its number', () => {
    expect(translateValidationMessage('must be at most 255 characters')).toBe(
      'Debe tener como máximo 255 caracteres',
    );
  });
  it('translates the positive-number message', () => {
    expect(translateValidationMessage('must be a positive number')).toBe(es.validation.positive);
  });
  it('translates the integer message', () => {
    expect(translateValidationMessage('must be an integer')).toBe(es.validation.integer);
  });
  it('translates every message the builders produce', () => {
    const built = [
      genericValidationMessages.required('x'),
      genericValidationMessages.email,
      genericValidationMessages.min(3),
      genericValidationMessages.max(3),
      genericValidationMessages.positive,
      genericValidationMessages.integer,
    ];
    for (const message of built) expect(translateValidationMessage(message)).not.toBe(message);
  });
  it.each([
    ['must be greater than or equal to 1', 'Debe ser mayor o igual a 1'],
    ['must be less than or equal to 500', 'Debe ser menor o igual a 500'],
    ['must have at least 1 items', 'Elige al menos 1'],
    ['must have at most 10000 items', 'Elige como máximo 10000'],
    ['must be a `number` type', 'Debe ser un número'],
    ['must be a `string` type', 'Valor inválido'],
    ['must be a valid url', 'Escribe una URL válida'],
    ['must be a valid uuid', 'Valor inválido'],
    ['must be a valid time zone', 'Valor inválido'],
    ['must be one of the following values: 0, 1, 2', 'Elige una de las opciones válidas'],
    ['has unknown fields: role', 'Valor inválido'],
  ])('translates the API\'s other generic message "%s"', (message, spanish) => {
    expect(translateValidationMessage(message)).toBe(spanish);
  });
  it('passes unknown messages through unchanged', () => {
    expect(translateValidationMessage('must be a 12-digit service number')).toBe(
      'must be a 12-digit service number',
    );
    expect(translateValidationMessage('Ya existe una cuenta con este correo')).toBe(
      'Ya existe una cuenta con este correo',
    );
  });
});

import { es } from '@luz/shared/text';
import { z } from 'zod';
import { FORM_ERROR_KEY, formErrors } from './form-errors';

function errorsOf(schema: z.ZodType, value: unknown, options?: { reportInput?: boolean }) {
  const result = schema.safeParse(value, options);
  if (result.success) throw new Error('expected the parse to fail');
  return formErrors(result.error);
}

describe('formErrors: zod issues to Spanish messages per field', () => {
  it('a missing value is required', () => {
    expect(errorsOf(z.object({ email: z.string() }), {})).toEqual({ email: es.validation.required });
  });

  it('a missing value is required also when zod reports the input', () => {
    expect(errorsOf(z.object({ email: z.string() }), {}, { reportInput: true })).toEqual({
      email: es.validation.required,
    });
  });

  it('an empty string under min(1) is required', () => {
    expect(errorsOf(z.object({ name: z.string().min(1) }), { name: '' })).toEqual({
      name: 'Este campo es obligatorio',
    });
  });

  it('an empty string under a longer minimum is required when the input is reported', () => {
    expect(
      errorsOf(z.object({ password: z.string().min(8) }), { password: '' }, { reportInput: true }),
    ).toEqual({
      password: es.validation.required,
    });
  });

  it('too_small on a string gives the minimum length', () => {
    expect(errorsOf(z.object({ password: z.string().min(8) }), { password: 'abc' })).toEqual({
      password: 'Debe tener al menos 8 caracteres',
    });
  });

  it('too_big on a string gives the maximum length', () => {
    expect(errorsOf(z.object({ alias: z.string().max(5) }), { alias: 'abcdef' })).toEqual({
      alias: 'Debe tener como máximo 5 caracteres',
    });
  });

  it('an invalid e-mail address', () => {
    expect(errorsOf(z.object({ email: z.email() }), { email: 'nope' })).toEqual({
      email: es.validation.email,
    });
  });

  it('an address that is not a web URL', () => {
    expect(
      errorsOf(z.object({ url: z.url({ protocol: /^https?$/ }) }), { url: 'javascript:alert(1)' }),
    ).toEqual({
      url: 'Escribe una URL válida',
    });
  });

  it('a number that is not an integer', () => {
    expect(errorsOf(z.object({ n: z.number().int() }), { n: 1.5 })).toEqual({ n: es.validation.integer });
  });

  it('a number that is not positive', () => {
    expect(errorsOf(z.object({ n: z.number().positive() }), { n: 0 })).toEqual({ n: es.validation.positive });
  });

  it('numeric bounds other than positivity', () => {
    expect(errorsOf(z.object({ n: z.number().min(5) }), { n: 1 })).toEqual({ n: es.validation.minValue(5) });
    expect(errorsOf(z.object({ n: z.number().max(5) }), { n: 9 })).toEqual({ n: es.validation.maxValue(5) });
  });

  it('text where a number was expected', () => {
    expect(errorsOf(z.object({ n: z.coerce.number() }), { n: 'abc' })).toEqual({ n: es.validation.number });
  });

  it('an empty list under min(1) is required, longer minimums and maximums are counted', () => {
    expect(errorsOf(z.object({ ids: z.array(z.string()).min(1) }), { ids: [] })).toEqual({
      ids: es.validation.required,
    });
    expect(errorsOf(z.object({ ids: z.array(z.string()).min(2) }), { ids: ['a'] })).toEqual({
      ids: es.validation.minItems(2),
    });
    expect(errorsOf(z.object({ ids: z.array(z.string()).max(1) }), { ids: ['a', 'b'] })).toEqual({
      ids: es.validation.maxItems(1),
    });
  });

  it('other formats and enumerations are "invalid value"', () => {
    expect(errorsOf(z.object({ id: z.uuid() }), { id: 'x' })).toEqual({ id: es.validation.invalid });
    expect(errorsOf(z.object({ kind: z.enum(['a', 'b']) }), { kind: 'c' })).toEqual({
      kind: es.validation.invalid,
    });
  });

  it('keeps the message of our own refinements', () => {
    const schema = z
      .object({ password: z.string(), confirm: z.string() })
      .refine((value) => value.password === value.confirm, {
        path: ['confirm'],
        message: es.validation.passwordsDiffer,
      });
    expect(errorsOf(schema, { password: 'a', confirm: 'b' })).toEqual({
      confirm: es.validation.passwordsDiffer,
    });
  });

  it('keys nested fields by their dotted path', () => {
    const schema = z.object({ rows: z.array(z.object({ alias: z.string().min(1) })) });
    expect(errorsOf(schema, { rows: [{ alias: 'ok' }, { alias: '' }] })).toEqual({
      'rows.1.alias': es.validation.required,
    });
  });

  it('puts an error about the whole value under the form key', () => {
    expect(errorsOf(z.object({ a: z.string() }), 'text')).toEqual({
      [FORM_ERROR_KEY]: es.validation.invalid,
    });
  });

  it('keeps the first message of each field and reports every field', () => {
    const schema = z.object({ password: z.string().min(8).regex(/\d/), email: z.email() });
    expect(errorsOf(schema, { password: 'abc', email: 'x' })).toEqual({
      password: es.validation.min(8),
      email: es.validation.email,
    });
  });
});

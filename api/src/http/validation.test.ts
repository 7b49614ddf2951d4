import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { RequestValidationError, validatorCompiler } from './validation';

type Compiled = (data: unknown) => { value?: unknown; error?: Error };
const compile = (schema: z.ZodType, httpPart: string) =>
  validatorCompiler({ schema, httpPart, method: 'GET', url: '/' } as Parameters<
    FastifySchemaCompiler<z.ZodType>
  >[0]) as Compiled;

const query = z.object({ page: z.coerce.number().int().min(1), alias: z.string().optional() });

test('a query string accepted before is answered with what was made of it, frozen', () => {
  const validate = compile(query, 'querystring');
  const first = validate({ page: '2', alias: 'norte' });
  expect(first.value).toEqual({ page: 2, alias: 'norte' });
  expect(Object.isFrozen(first.value)).toBe(true);
  expect(validate({ page: '2', alias: 'norte' }).value).toBe(first.value);
  expect(validate({ page: '3', alias: 'norte' }).value).toEqual({ page: 3, alias: 'norte' });
});

test('a refused query string is refused again, with its field errors', () => {
  const validate = compile(query, 'querystring');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const { error } = validate({ page: '0' });
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).detail[0]?.loc).toEqual(['query', 'page']);
  }
  const nul = validate({ page: '1', alias: 'no\0rte' }).error as RequestValidationError;
  expect(nul.detail[0]?.loc).toEqual(['query', 'alias']);
});

test('bodies are validated on every request, never remembered', () => {
  const validate = compile(z.object({ alias: z.string() }), 'body');
  const first = validate({ alias: 'norte' });
  expect(validate({ alias: 'norte' }).value).not.toBe(first.value);
  expect(Object.isFrozen(first.value)).toBe(false);
});

import { z } from 'zod';
import { operations, zPage, zRpuCreate, zTaskCounts, zUserPublic } from '.';
import { lazySchema } from './zod-in-browser';

// Front-end tests run in a document, as the SDK does in a browser: the contract's schemas are
// built on first use there (the API's tests get them built at once).

test('a schema of the contract is built the first time it is used, once', () => {
  const build = jest.fn(() => z.object({ name: z.string().min(1) }));
  const schema = lazySchema(build);
  expect(build).not.toHaveBeenCalled();

  expect(schema.parse({ name: 'Oficina' })).toEqual({ name: 'Oficina' });
  expect(schema.safeParse({ name: '' }).success).toBe(false);
  expect(build).toHaveBeenCalledTimes(1);
});

test('it behaves as the schema it stands for: shape, composition, instanceof, metadata', () => {
  const zBase = lazySchema(() => z.object({ id: z.string() }).meta({ description: 'base' }));
  const zDerived = lazySchema(() => zBase.extend({ count: z.number().int() }));
  const zHolder = lazySchema(() => z.object({ base: zBase.optional(), list: z.array(zDerived) }));

  expect(Object.keys(zBase.shape)).toEqual(['id']);
  expect(zBase).toBeInstanceOf(z.ZodObject);
  expect(zBase.meta()).toEqual({ description: 'base' });
  expect(zHolder.parse({ list: [{ id: 'a', count: 2 }] })).toEqual({ list: [{ id: 'a', count: 2 }] });
  expect(() => zHolder.parse({ base: { id: 1 }, list: [] })).toThrow(z.ZodError);
  expect(zBase.parse).toBe(zBase.parse);
});

test("the contract's answers and forms parse through it", () => {
  expect(operations.revokeApiToken.responses[200].parse({ message: 'Token revocado' })).toEqual({
    message: 'Token revocado',
  });
  const counts = { total: 2, pending: 0, success: 1, error: 1, user_error: 0, retrying: 0 };
  expect(zPage(zTaskCounts).parse({ data: [counts], count: 1 })).toEqual({ data: [counts], count: 1 });
  expect(zPage(zTaskCounts).safeParse({ data: [{ ...counts, total: '2' }], count: 1 }).success).toBe(false);
  expect(zRpuCreate.parse({ service_number: '5512 3456 7897', alias: 'Bodega' })).toMatchObject({
    service_number: '551234567897',
    alias: 'Bodega',
  });
  expect(zRpuCreate.safeParse({ service_number: '12', alias: 'Bodega' }).success).toBe(false);
  expect(zUserPublic.safeParse({}).success).toBe(false);
});

import { z } from 'zod';

const inBrowser = typeof document !== 'undefined';

// The page's CSP forbids eval, so in a browser zod must not even probe for it: the probe runs
// when the first object schema is built and, though caught, the browser reports it as a
// violation. Every module of the contract imports this file, so the setting holds before any of
// its schemas exist, whoever evaluates the contract first (the host's bootstrap, or a remote
// initialised while the host is still loading). The API (no document) keeps zod's compiled parsers.
if (inBrowser) z.config({ jitless: true });

/**
 * A schema of the contract, built where it is first used in a browser (parsing an answer,
 * checking a form, composing another schema), and at once elsewhere (docs/decisions/172).
 *
 * A signed-in screen parses a handful of the contract's ~140 schemas, but building them all was
 * part of the SDK's evaluation, before any screen could draw (about 35 ms of it at 4× CPU). The
 * API builds them once as it starts and needs each to be itself (the OpenAPI document finds
 * schemas by identity in zod's registries), so it gets the schema, not a stand-in.
 *
 * The stand-in forwards everything to the schema, its methods bound to it: `this` inside zod is
 * always the schema itself, so what zod registers or clones is the real thing.
 */
export function lazySchema<T extends z.ZodType>(build: () => T): T {
  if (!inBrowser) return build();
  let schema: T | undefined;
  const built = () => {
    schema ??= build();
    return schema;
  };
  const boundMethods = new WeakMap<object, unknown>();
  const bound = (method: (...args: unknown[]) => unknown) => {
    if (!boundMethods.has(method)) boundMethods.set(method, method.bind(built()));
    return boundMethods.get(method);
  };
  return new Proxy({} as T, {
    get: (_, key) => {
      const value: unknown = Reflect.get(built(), key, built());
      return typeof value === 'function' ? bound(value as (...args: unknown[]) => unknown) : value;
    },
    has: (_, key) => Reflect.has(built(), key),
    set: (_, key, value) => Reflect.set(built(), key, value),
    deleteProperty: (_, key) => Reflect.deleteProperty(built(), key),
    ownKeys: () => Reflect.ownKeys(built()),
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
    // Reported configurable: the stand-in's own (empty) target must not contradict it.
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(built(), key, descriptor),
  });
}

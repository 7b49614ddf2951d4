// Jest runs each test file in a realm of its own (a vm context) with its own Date, Object, Array
// and Uint8Array, while the PGlite instances a worker reuses live in the worker's realm
// (pglite-pool.ts, decision 178). A Date made in one realm is no `instanceof Date` in the other:
// PGlite would send a file's Date as `toString()`, and Luz's code would not know PGlite's as dates.
// So values cross with a copy, made by this module as loaded in the realm that receives them.
import type { PGliteQueryable, PGliteSession } from '../db/pglite';

const isDate = (value: object): value is Date => Object.prototype.toString.call(value) === '[object Date]';

/** Whose prototype is some realm's Object.prototype (or none): rows, JSON values, results. */
const isPlain = (value: object) => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
};

/** `value` made again of this realm's objects: arrays, plain objects, dates and bytes. */
export function copyIntoRealm<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  // Array.from, not map: map makes its result with the array's own realm's constructor.
  if (Array.isArray(value)) return Array.from(value, copyIntoRealm) as T;
  if (isDate(value)) return new Date(value.getTime()) as T;
  if (ArrayBuffer.isView(value)) {
    return new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice() as T;
  }
  if (!isPlain(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copyIntoRealm(item)])) as T;
}

function queryableInThisRealm(target: PGliteQueryable): PGliteQueryable {
  return {
    query: async (sql, params, options) => copyIntoRealm(await target.query(sql, params, options)),
    exec: async (sql, options) => copyIntoRealm(await target.exec(sql, options)),
  } as PGliteQueryable;
}

/**
 * A session of another realm as this one sees it: results copied in. Parameters are copied by the
 * other side (`copyIntoRealm` there), which knows its own realm.
 */
export function sessionInThisRealm(session: PGliteSession): PGliteSession {
  return {
    ...queryableInThisRealm(session),
    transaction: (fn) => session.transaction((tx) => fn(queryableInThisRealm(tx))),
    listen: (channel, handler) => session.listen(channel, handler),
    dumpDataDir: (compression) => session.dumpDataDir(compression),
    close: () => session.close(),
    get closed() {
      return session.closed;
    },
  };
}

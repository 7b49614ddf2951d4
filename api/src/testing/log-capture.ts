import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { loggerOptions } from '../app';

export type LogCapture = {
  /** The app's logger option: the product's own serializers, writing here instead of stdout. */
  logger: FastifyServerOptions['logger'];
  /** Every line written so far, as written (JSON text). */
  text(): string;
  /** Every line written so far, parsed. */
  entries(): Record<string, unknown>[];
};

/** Captures what the app logs, at `level`, to assert on it (secrets, stack traces). */
export function captureLogs(level: 'info' | 'debug' | 'trace' = 'info'): LogCapture {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const options = loggerOptions({ logLevel: level }) as Record<string, unknown>;
  return {
    logger: { ...options, stream } as FastifyServerOptions['logger'],
    text: () => lines.join('\n'),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

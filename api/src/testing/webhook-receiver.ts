import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

/** What the receiver answers to one request: a status, optional headers, or `hang` (never answers). */
export type ReceiverAnswer = { status: number; headers?: Record<string, string> } | 'hang';

export type WebhookReceiver = {
  url: string;
  port: number;
  received: ReceivedRequest[];
  /** Answers used in order, one per request; after them every request gets `fallback`. */
  answer(...answers: ReceiverAnswer[]): void;
  /** Resolves once `count` requests have arrived (no deadline: jest's limit catches a hang). */
  waitFor(count: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
};

/**
 * The attempt limit for tests whose receiver answers: far above a loopback answer. At load 17 on
 * two cores one took over 2 s, and the delivery failed although the receiver had answered 200.
 * The limit itself has its own test, with a receiver that hangs.
 */
export const ANSWERING_RECEIVER_TIMEOUT_MS = 60_000;

/** A real HTTP server on loopback that records what webhooks send it (answers 200 by default). */
export async function startWebhookReceiver(
  fallback: ReceiverAnswer = { status: 200 },
): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const queue: ReceiverAnswer[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      for (const waiter of waiters.filter((candidate) => received.length >= candidate.count))
        waiter.resolve();
      const answer = queue.shift() ?? fallback;
      if (answer === 'hang') return;
      response.writeHead(answer.status, answer.headers).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    answer: (...answers) => queue.push(...answers),
    waitFor(count) {
      if (received.length >= count) return Promise.resolve(received.slice());
      return new Promise((resolve) => {
        waiters.push({ count, resolve: () => resolve(received.slice()) });
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Standard Webhooks verification written from the specification, independently of the product's
 * signing code: base64 HMAC-SHA256 keyed with the base64-decoded secret (after `whsec_`), over
 * `id.timestamp.body`, compared in constant time with each `v1,` signature of the header.
 */
export function verifySignature(secret: string, headers: Record<string, unknown>, body: string): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((candidate) => {
      const [version, signature] = candidate.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

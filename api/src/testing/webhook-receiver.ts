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
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
};

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
    waitFor(count, timeoutMs = 10_000) {
      if (received.length >= count) return Promise.resolve(received.slice());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`Expected ${count} webhook requests, got ${received.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received.slice());
          },
        });
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** @jest-environment node */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchWithRetry } from './fetch-retry';

// A real server on loopback; each test says how it answers the n-th request.
let server: Server;
let base: string;
let requests = 0;
let answer: (n: number, response: ServerResponse, request: IncomingMessage) => void;
beforeAll(async () => {
  server = createServer((request, response) => answer(++requests, response, request));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  requests = 0;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('a 5xx is tried again until the server answers', async () => {
  answer = (n, response) => response.writeHead(n < 3 ? 504 : 200).end('{"ok":true}');
  const response = await fetchWithRetry(`${base}/config.json`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
  expect(requests).toBe(3);
});

test('a 4xx is an answer: returned at once, not tried again', async () => {
  answer = (_n, response) => response.writeHead(404).end();
  const response = await fetchWithRetry(`${base}/config.json`);
  expect(response.status).toBe(404);
  expect(requests).toBe(1);
});

test('an attempt that hangs is abandoned and tried again; the last failure is thrown', async () => {
  answer = () => undefined;
  await expect(
    fetchWithRetry(`${base}/mf-manifest.json`, {}, { attempts: 2, attemptTimeoutMs: 100 }),
  ).rejects.toThrow();
  expect(requests).toBe(2);
});

test('a 5xx on every attempt ends with an error naming the address and the status', async () => {
  answer = (_n, response) => response.writeHead(503, 'Service Unavailable').end();
  await expect(fetchWithRetry(`${base}/config.json`, {}, { attempts: 2 })).rejects.toThrow(
    `${base}/config.json: 503 Service Unavailable`,
  );
  expect(requests).toBe(2);
});

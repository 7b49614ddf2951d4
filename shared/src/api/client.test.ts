import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getAccessToken, setAccessToken } from '@luz/shared/core';
import { http, onPaymentRequired, onUnauthorized } from './client';

// The client's answer handling (spec §8), against a real server on loopback: /<status> answers
// that status with a FastAPI detail.
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'authorization');
    if (request.method === 'OPTIONS') return response.writeHead(204).end();
    const status = Number(request.url?.slice(1)) || 200;
    response.writeHead(status, { 'content-type': 'application/json' }).end('{"detail":"x"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const unauthorized = jest.fn();
const paymentRequired = jest.fn();
beforeEach(() => {
  unauthorized.mockReset();
  paymentRequired.mockReset();
  onUnauthorized(unauthorized);
  onPaymentRequired(paymentRequired);
  setAccessToken('token-de-prueba');
});

const statusOf = (path: string) =>
  http.get(`${base}${path}`).then(
    (response) => response.status,
    (error: { response?: { status: number } }) => error.response?.status,
  );

test('402: the session stays and the host is told (it refreshes the user, the layout goes to /subscription)', async () => {
  expect(await statusOf('/402')).toBe(402);
  expect(paymentRequired).toHaveBeenCalledTimes(1);
  expect(unauthorized).not.toHaveBeenCalled();
  expect(getAccessToken()).toBe('token-de-prueba');
});

test.each([401, 403])('%i ends the session and goes to /login', async (status) => {
  expect(await statusOf(`/${status}`)).toBe(status);
  expect(unauthorized).toHaveBeenCalledTimes(1);
  expect(paymentRequired).not.toHaveBeenCalled();
  expect(getAccessToken()).toBeNull();
});

test('other answers call neither handler', async () => {
  expect(await statusOf('/200')).toBe(200);
  expect(await statusOf('/404')).toBe(404);
  expect(unauthorized).not.toHaveBeenCalled();
  expect(paymentRequired).not.toHaveBeenCalled();
});

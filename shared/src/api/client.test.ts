import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getAccessToken, setAccessToken } from '@luz/shared/core';
import { http, onPaymentRequired, onUnauthorized, replacingToken } from './client';

// The client's answer handling (spec §8), against a real server on loopback: /<status> answers
// that status with a FastAPI detail; /me answers 401 to any token but `token-nuevo`.
let server: Server;
/** Called as the server answers /me, for a test that waits for the refusal. */
let refusedMe: (() => void) | null = null;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'authorization');
    if (request.method === 'OPTIONS') return response.writeHead(204).end();
    if (request.url === '/me') refusedMe?.();
    const status =
      request.url === '/me'
        ? request.headers.authorization === 'Bearer token-nuevo'
          ? 200
          : 401
        : Number(request.url?.slice(1)) || 200;
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

/** A password change under way: its answer, the new token, comes when the test says. */
function passwordChange() {
  let answer: (token: string) => void = () => undefined;
  let refuse: () => void = () => undefined;
  const changed = replacingToken(
    () =>
      new Promise<{ access_token: string }>((resolve, reject) => {
        answer = (token) => resolve({ access_token: token });
        refuse = () => reject(new Error('400'));
      }),
  );
  return { changed, answer: (token: string) => answer(token), refuse: () => refuse() };
}

test('a 401 for the token a password change is replacing waits for the new token and is sent again with it', async () => {
  const change = passwordChange();
  // Refused: it went out with the old token, which the server revoked before answering the change.
  const refused = new Promise<void>((resolve) => {
    refusedMe = resolve;
  });
  const me = statusOf('/me');
  await refused;
  refusedMe = null;
  change.answer('token-nuevo');
  await change.changed;
  expect(await me).toBe(200);
  expect(unauthorized).not.toHaveBeenCalled();
  expect(getAccessToken()).toBe('token-nuevo');
});

test('a 401 while a password change fails still ends the session', async () => {
  const change = passwordChange();
  const me = statusOf('/me');
  change.refuse();
  await expect(change.changed).rejects.toThrow('400');
  expect(await me).toBe(401);
  expect(unauthorized).toHaveBeenCalledTimes(1);
  expect(getAccessToken()).toBeNull();
});

test('no request timeout (spec §7): the client waits for a long export as long as it takes', () => {
  // axios's 0 is "never": a limit here would cut ZIP and CSV exports of large accounts.
  expect(http.defaults.timeout).toBe(0);
});

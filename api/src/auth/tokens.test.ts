import { createHmac } from 'node:crypto';
import { createTokenService } from './tokens';

const secretKey = 'k'.repeat(48);
const userId = '3f1c2b6e-8f0a-4a55-9d3e-2b1f6c0a9e11';
const tokens = createTokenService({ secretKey, expireMinutes: 60 });

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

function handMade(header: object, claims: object, key = secretKey, algorithm = 'sha256') {
  const unsigned = `${base64url(header)}.${base64url(claims)}`;
  return `${unsigned}.${createHmac(algorithm, key).update(unsigned).digest('base64url')}`;
}

test('issues HS256 tokens with sub, ver, iat and exp', () => {
  const token = tokens.issue(userId, 3);
  const [header, payload] = token
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
  expect(header).toMatchObject({ alg: 'HS256', typ: 'JWT' });
  expect(payload).toMatchObject({ sub: userId, ver: 3 });
  expect(payload.exp - payload.iat).toBe(3600);
  expect(tokens.verify(token)).toMatchObject({ sub: userId, ver: 3 });
});

test('refuses expired tokens', () => {
  const past = createTokenService({ secretKey, expireMinutes: 60, now: () => Date.now() - 61 * 60_000 });
  expect(tokens.verify(past.issue(userId, 0))).toBeNull();
});

test('refuses alg none, other algorithms, wrong signatures and garbage', () => {
  const claims = {
    sub: userId,
    ver: 0,
    iat: now(),
    exp: now() + 600,
    jti: '0b5d7c1e-2f3a-4b6c-8d9e-0f1a2b3c4d5e',
  };
  expect(tokens.verify(handMade({ alg: 'HS256', typ: 'JWT' }, claims))).not.toBeNull();
  expect(tokens.verify(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`)).toBeNull();
  expect(tokens.verify(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}`)).toBeNull();
  expect(tokens.verify(handMade({ alg: 'HS512', typ: 'JWT' }, claims, secretKey, 'sha512'))).toBeNull();
  expect(tokens.verify(handMade({ alg: 'HS256', typ: 'JWT' }, claims, 'otra-clave'.repeat(5)))).toBeNull();
  const token = tokens.issue(userId, 0);
  const [header, , signature] = token.split('.');
  expect(tokens.verify(`${header}.${base64url({ ...claims, ver: 99 })}.${signature}`)).toBeNull();
  for (const junk of ['', 'abc', 'a.b.c', `${header}..`]) expect(tokens.verify(junk)).toBeNull();
});

test('refuses tokens missing our claims or with a subject that is not a user id', () => {
  expect(tokens.verify(handMade({ alg: 'HS256' }, { sub: userId, iat: now(), exp: now() + 600 }))).toBeNull();
  expect(
    tokens.verify(handMade({ alg: 'HS256' }, { sub: 'admin', ver: 0, iat: now(), exp: now() + 600 })),
  ).toBeNull();
  expect(tokens.verify(handMade({ alg: 'HS256' }, { sub: userId, ver: 0, iat: now() }))).toBeNull();
});

test('every token names itself (jti, for logout); one without a jti is refused', () => {
  const first = tokens.verify(tokens.issue(userId, 0));
  const second = tokens.verify(tokens.issue(userId, 0));
  expect(first?.jti).toMatch(/^[0-9a-f-]{36}$/);
  expect(first?.jti).not.toBe(second?.jti);
  const withoutJti = { sub: userId, ver: 0, iat: now(), exp: now() + 600 };
  expect(tokens.verify(handMade({ alg: 'HS256', typ: 'JWT' }, withoutJti))).toBeNull();
});

test('a token verified before stays good only until its expiry', () => {
  const service = createTokenService({ secretKey, expireMinutes: 1 });
  const token = service.issue(userId, 0);
  const claims = service.verify(token);
  expect(claims).not.toBeNull();
  // The second check answers from memory: the same claims, which nobody may change.
  expect(service.verify(token)).toBe(claims);
  expect(Object.isFrozen(claims)).toBe(true);
  const expiry = (claims?.exp ?? 0) * 1000;
  jest.useFakeTimers({ now: expiry });
  try {
    expect(service.verify(token)).toBe(claims);
    jest.setSystemTime(expiry + 1);
    expect(service.verify(token)).toBeNull();
    expect(service.verify(token)).toBeNull();
  } finally {
    jest.useRealTimers();
  }
});

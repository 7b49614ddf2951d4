import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, parseEnvironment } from '../config';

const load = async (env: Record<string, string>) =>
  (
    await loadConfig(
      { DATA_DIR: await mkdtemp(join(tmpdir(), 'luz-webhook-config-')), ...env },
      { rootDir: '/srv/luz' },
    )
  ).webhooks;

test('defaults: no exceptions to the address rules, 10 s per attempt, the documented retry schedule', async () => {
  expect(await load({})).toEqual({
    allowedHosts: [],
    attemptTimeoutMs: 10_000,
    retryDelaysMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000],
    testRateLimit: { max: 10, windowMs: 60_000 },
  });
});

test('WEBHOOK_ALLOWED_HOSTS, WEBHOOK_TIMEOUT and WEBHOOK_RETRY_SCHEDULE are read', async () => {
  expect(
    await load({
      WEBHOOK_ALLOWED_HOSTS: ' 127.0.0.1, Hooks.Internal ,10.0.0.0/8,::1,fd00::/8',
      WEBHOOK_TIMEOUT: '2500ms',
      WEBHOOK_RETRY_SCHEDULE: '1s, 30s,1m',
      WEBHOOK_TEST_RATE_LIMIT: '3/1h',
    }),
  ).toEqual({
    allowedHosts: ['127.0.0.1', 'hooks.internal', '10.0.0.0/8', '::1', 'fd00::/8'],
    attemptTimeoutMs: 2_500,
    retryDelaysMs: [1_000, 30_000, 60_000],
    testRateLimit: { max: 3, windowMs: 3_600_000 },
  });
});

test.each([
  ['WEBHOOK_ALLOWED_HOSTS', '10.0.0.0/33'],
  ['WEBHOOK_ALLOWED_HOSTS', 'http://hooks.internal'],
  ['WEBHOOK_TIMEOUT', '10'],
  ['WEBHOOK_TIMEOUT', '5m'],
  ['WEBHOOK_RETRY_SCHEDULE', '5s,,5m'],
  ['WEBHOOK_RETRY_SCHEDULE', '0s'],
])('%s=%s is refused, naming the variable', (name, value) => {
  expect(() => parseEnvironment({ [name]: value })).toThrow(new RegExp(`${name}: `));
});

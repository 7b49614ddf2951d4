import { zRuntimeConfig } from '@luz/shared/contract';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { webRootWith } from '../testing/web-root';

let database: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  const files: Record<string, string> = {
    'host/dist/index.html': '<!doctype html><title>Luz</title>',
    'host/dist/static/js/index.c0fea2a087.js': 'console.log("host")',
    'host/dist/mf-manifest.json': '{}',
    'remote-rpus/dist/mf-manifest.json': '{"name":"remote_rpus"}',
    'remote-rpus/dist/static/js/remote_rpus.2c00d741fd.js': 'console.log("rpus")',
    'remote-rpus/dist/.env': 'SECRET=remote',
    'host/dist/.env': 'SECRET=host',
    'host/dist/.git/config': '[core]',
    'secret.txt': 'outside every dist folder',
  };
  const webRoot = await webRootWith(files);
  t = await createTestApp({
    database,
    config: {
      webRoot,
      billing: { provider: 'chargebee', chargebeeSite: 'luz', chargebeeApiKey: 'k' },
      frontEnd: {
        apiUrl: 'https://api.luz.example.com',
        poweredBy: { label: 'Energía Co', url: 'https://energia.example.com' },
        chatScriptUrl: 'https://chat.example.com/w.js',
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await database.drop();
});

const get = (url: string, app = t.app) => app.inject({ method: 'GET', url });

test('/config.json is the runtime configuration built from the environment', async () => {
  const response = await get('/config.json');
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(zRuntimeConfig.parse(response.json())).toEqual({
    api_url: 'https://api.luz.example.com',
    version: 'beta-0.3.16',
    remotes: {
      rpus: '/remotes/rpus/mf-manifest.json',
      periods: '/remotes/periods/mf-manifest.json',
      admin: '/remotes/admin/mf-manifest.json',
      settings: '/remotes/settings/mf-manifest.json',
    },
    powered_by: { label: 'Energía Co', url: 'https://energia.example.com' },
    scripts: { chat: 'https://chat.example.com/w.js', session_recording: null },
    billing_provider: 'chargebee',
    plan_monthly_price: '990.00',
  });
});

test('the host is served at / with an SPA fallback for client routes, never cached', async () => {
  for (const url of [
    '/',
    '/login',
    '/rpus/',
    '/rpus/1f0c/payment-history',
    '/reset-password?token=abc',
    '/no-existe/para-nada',
  ]) {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Luz</title>');
  }
});

test('hashed assets are cached for good; unhashed files revalidate; a missing file is a 404', async () => {
  const asset = await get('/static/js/index.c0fea2a087.js');
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const manifest = await get('/mf-manifest.json');
  expect(manifest.headers['cache-control']).toBe('no-cache');
  // Another spelling of a file that exists is missing too, as on a case-insensitive disk.
  for (const url of ['/static/js/missing.0123456789.js', '/static/JS/index.c0fea2a087.js']) {
    const missing = await get(url);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not Found' });
  }
});

test('remotes are served under /remotes/<name>/ with CORS and no fallback', async () => {
  const manifest = await get('/remotes/rpus/mf-manifest.json');
  expect(manifest.statusCode).toBe(200);
  expect(manifest.json()).toEqual({ name: 'remote_rpus' });
  expect(manifest.headers['access-control-allow-origin']).toBe('*');
  expect(manifest.headers['cache-control']).toBe('no-cache');
  const chunk = await get('/remotes/rpus/static/js/remote_rpus.2c00d741fd.js');
  expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  for (const url of ['/remotes/rpus/no-existe', '/remotes/periods/mf-manifest.json', '/remotes/']) {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not Found' });
  }
});

test('no dotfile and nothing outside the dist folders is ever served', async () => {
  for (const url of [
    '/.env',
    '/.git/config',
    '/remotes/rpus/.env',
    '/../secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/remotes/rpus/..%2f..%2fsecret.txt',
    '/remotes/rpus/%2e%2e/%2e%2e/secret.txt',
    '/static/..%5c..%5csecret.txt',
  ]) {
    // A 404, or the host's page for a path the router may own: never the file.
    const { body } = await get(url);
    expect({ url, body }).not.toEqual({
      url,
      body: expect.stringMatching(/SECRET|outside every dist|\[core\]/),
    });
  }
});

test('API paths never fall back to the front end', async () => {
  const response = await get('/api/v1/no-existe');
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ detail: 'Not Found' });
});

test('without build output the app runs API-only', async () => {
  const apiOnly = await createTestApp({ database });
  try {
    expect((await get('/', apiOnly.app)).json()).toEqual({ detail: 'Not Found' });
    expect((await get('/login', apiOnly.app)).statusCode).toBe(404);
    expect((await get('/config.json', apiOnly.app)).statusCode).toBe(200);
    expect((await get('/api/v1/utils/health-check/', apiOnly.app)).statusCode).toBe(200);
  } finally {
    await apiOnly.close();
  }
});

describe('security headers', () => {
  /** One directive of a policy, its sources in order. */
  const directive = (policy: string | undefined, name: string) =>
    (policy ?? '')
      .split('; ')
      .find((part) => part.startsWith(`${name} `))
      ?.split(' ')
      .slice(1);

  test("the host's page gets a CSP built from the runtime configuration", async () => {
    const cdnApp = await createTestApp({
      database,
      config: {
        webRoot: t.config.webRoot,
        frontEnd: {
          apiUrl: 'https://api.luz.example.com',
          remotes: {
            rpus: 'https://cdn.example.com/rpus/mf-manifest.json',
            periods: 'https://cdn.example.com/periods/mf-manifest.json',
            admin: '/remotes/admin/mf-manifest.json',
            settings: 'https://settings.example.net:8443/mf-manifest.json',
          },
          chatScriptUrl: 'https://chat.example.com/w.js',
          sessionRecordingScriptUrl: 'https://rec.example.com/r.js?site=1',
          cspExtraSources: ['wss://*.chat.example.com', 'https://static.rec.example.com'],
        },
      },
    });
    try {
      for (const url of ['/', '/rpus/', '/reset-password?token=abc']) {
        const response = await cdnApp.app.inject({
          method: 'GET',
          url,
          headers: { host: 'luz.example.com' },
        });
        const policy = response.headers['content-security-policy'] as string;
        expect(directive(policy, 'default-src')).toEqual(["'self'"]);
        expect(directive(policy, 'script-src')).toEqual([
          "'self'",
          'https://cdn.example.com',
          'https://settings.example.net:8443',
          'https://chat.example.com',
          'https://rec.example.com',
          'wss://*.chat.example.com',
          'https://static.rec.example.com',
        ]);
        expect(directive(policy, 'connect-src')).toEqual([
          "'self'",
          'ws://luz.test',
          'https://api.luz.example.com',
          'wss://api.luz.example.com',
          'https://cdn.example.com',
          'https://settings.example.net:8443',
          'https://chat.example.com',
          'https://rec.example.com',
          'wss://*.chat.example.com',
          'https://static.rec.example.com',
        ]);
        expect(directive(policy, 'style-src')).toContain("'unsafe-inline'");
        expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
        expect(directive(policy, 'script-src')).not.toContain("'unsafe-eval'");
        expect(directive(policy, 'frame-src')).toContain('https://chat.example.com');
        expect(directive(policy, 'worker-src')).toEqual([
          "'self'",
          'blob:',
          'https://cdn.example.com',
          'https://settings.example.net:8443',
        ]);
        expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
        expect(directive(policy, 'object-src')).toEqual(["'none'"]);
        expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
        expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      }
    } finally {
      await cdnApp.close();
    }
  });

  test('same-origin remotes and API add nothing but the WebSocket of PUBLIC_URL', async () => {
    const local = await createTestApp({
      database,
      config: { webRoot: t.config.webRoot, publicUrl: 'https://luz.example.com' },
    });
    try {
      const response = await get('/', local.app);
      const policy = response.headers['content-security-policy'] as string;
      expect(directive(policy, 'script-src')).toEqual(["'self'"]);
      expect(directive(policy, 'connect-src')).toEqual(["'self'", 'wss://luz.example.com']);
    } finally {
      await local.close();
    }
  });

  test('the Host header never reaches the policy', async () => {
    for (const host of ['evil.example.com', "x; script-src * 'unsafe-inline'", 'a b']) {
      const response = await t.app.inject({ method: 'GET', url: '/', headers: { host } });
      const policy = response.headers['content-security-policy'] as string;
      expect(policy).toBe((await get('/')).headers['content-security-policy']);
      expect(policy).not.toContain('evil');
      expect(policy).not.toContain('*');
      expect(directive(policy, 'connect-src')).toContain('ws://luz.test');
    }
  });

  test('every answer is nosniff, never framed, with a referrer limited to the origin; API answers carry no page CSP', async () => {
    for (const url of [
      '/',
      '/static/js/index.c0fea2a087.js',
      '/config.json',
      '/api/v1/utils/health-check/',
      '/api/v1/no-existe',
    ]) {
      const response = await get(url);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
    expect((await get('/api/v1/utils/health-check/')).headers['content-security-policy']).toBeUndefined();
  });

  test('HSTS only when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ database, config: { publicUrl: 'https://luz.example.com' } });
    try {
      for (const url of ['/config.json', '/api/v1/utils/health-check/']) {
        expect((await get(url, secure.app)).headers['strict-transport-security']).toBe('max-age=31536000');
      }
    } finally {
      await secure.close();
    }
  });
});

import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { zRuntimeConfig } from '@luz/shared/contract';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

let database: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  const webRoot = await mkdtemp(join(tmpdir(), 'luz-web-'));
  const files: Record<string, string> = {
    'host/dist/index.html': '<!doctype html><title>Luz</title>',
    'host/dist/static/js/index.c0fea2a087.js': 'console.log("host")',
    'host/dist/mf-manifest.json': '{}',
    'remote-rpus/dist/mf-manifest.json': '{"name":"remote_rpus"}',
    'remote-rpus/dist/static/js/remote_rpus.2c00d741fd.js': 'console.log("rpus")',
  };
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(webRoot, path)), { recursive: true });
    await writeFile(join(webRoot, path), content);
  }
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
  expect(response.headers['cache-control']).toBe('no-store');
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
  const missing = await get('/static/js/missing.0123456789.js');
  expect(missing.statusCode).toBe(404);
  expect(missing.json()).toEqual({ detail: 'Not Found' });
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

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { zRuntimeConfig } from '@luz/shared/contract';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { webRootWith } from '../testing/web-root';
import { frameWithHeading, remoteAssets, renderHostPage } from './host-page';

const script = 'console.log("a hashed chunk, long enough to be worth compressing");\n'.repeat(40);
const rpusManifest = {
  name: 'remote_rpus',
  metaData: { remoteEntry: { name: 'static/js/remote_rpus.a0d7faf881.js', path: '' }, publicPath: 'auto' },
  exposes: [
    {
      name: 'lifecycles',
      assets: {
        js: { sync: ['static/js/async/__federation_expose_lifecycles.bed6acfa38.js'], async: ['x.js'] },
      },
    },
  ],
};

/** What the host's build renders for a sign-in screen (host/build/shell.tsx), the configured link left to fill in. */
const loginShell = {
  css: '.a{display:grid}',
  html: '<main class="a"><h1>Inicia sesión</h1></main><footer><a href="{{powered_by.url}}">{{powered_by.label}}</a></footer>',
};
/** The same screen drawn in the light colour mode: other classes, other CSS. */
const lightLoginShell = {
  css: '.l{display:grid;background:#fff}',
  html: '<main class="l"><h1>Inicia sesión</h1></main>',
};

/** What the host's build renders for a signed-in screen's first frame, with a place for the heading and without. */
const frame = (path: string) => ({
  css: '.f{position:fixed}',
  html: `<div id="luz-first-frame" class="f"><a href="${path}"></a><h1>{{heading.title}}</h1><p>{{heading.subtitle}}</p><a href="{{powered_by.url}}">{{powered_by.label}}</a></div>`,
  htmlWithoutHeading: `<div id="luz-first-frame" class="f"><a href="${path}"></a></div>`,
});
const frames = Object.fromEntries(
  ['/downloads', '/rpus/', '/rpus/:rpuId/payment-history', '/admin', '/settings'].map((path) => [
    path,
    frame(path),
  ]),
);
const lightFrames = {
  '/rpus/': { css: '.g{position:fixed;background:#fff}', html: '<div id="luz-first-frame" class="g"></div>' },
};

/** Rsbuild's manifest of the host's build: its chunks of the signed-in screens, of the SDK beyond its core and of the sign-in forms. */
const hostManifest = {
  entries: {
    index: {
      initial: { js: ['/static/js/index.c0fea2a087.js'] },
      async: {
        js: [
          '/static/js/async/framework.32480ec151.js',
          '/static/js/async/app.2b07c8ac42.js',
          '/static/js/async/dialog.315132a7de.js',
          '/static/js/async/signed-in.4a506dea91.js',
          '/static/js/async/sdk.9d41f0c2aa.js',
          '/static/js/async/sign-in-forms.77aa01bc22.js',
        ],
      },
    },
  },
};
const sdkPreloads = ['<link rel="preload" href="/static/js/async/sdk.9d41f0c2aa.js" as="script">'];
const signedInPreloads = [
  '<link rel="preload" href="/static/js/async/signed-in.4a506dea91.js" as="script">',
  ...sdkPreloads,
];

/**
 * A CDN on loopback for two remotes deployed on their own: the periods remote's build put its
 * headings beside its manifest; the settings remote's CDN fails.
 */
let cdn: Server;
let cdnOrigin: string;
async function startCdn(): Promise<string> {
  cdn = createServer((request, response) => {
    if (request.url === '/periods/first-frame.json') {
      response.setHeader('Content-Type', 'application/json');
      response.end(
        JSON.stringify({ '/downloads': { title: 'Descargas', subtitle: 'Tus cargas <y> syncs.' } }),
      );
    } else {
      response.statusCode = 503;
      response.end();
    }
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
}

let database: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  cdnOrigin = await startCdn();
  const files: Record<string, string | Buffer> = {
    'host/dist/index.html':
      '<!doctype html><html><head><title>Luz</title><script defer src="/static/js/index.c0fea2a087.js"></script></head><body><div id="root"></div></body></html>',
    'host/dist/shells.json': JSON.stringify({
      dark: { '/login': loginShell },
      light: { '/login': lightLoginShell },
    }),
    'host/dist/frames.json': JSON.stringify({ dark: frames, light: lightFrames }),
    'remote-rpus/dist/first-frame.json': JSON.stringify({
      '/rpus/': { title: 'Servicios <y más>', subtitle: 'Tus puntos de servicio & tus pagos.' },
      '/rpus/:rpuId/payment-history': { title: 'Historial de pagos', subtitle: 'Cargando…' },
    }),
    'host/dist/manifest.json': JSON.stringify(hostManifest),
    'host/dist/static/js/index.c0fea2a087.js': script,
    'host/dist/static/js/index.c0fea2a087.js.br': brotliCompressSync(script),
    'host/dist/static/js/index.c0fea2a087.js.gz': gzipSync(script),
    'remote-rpus/dist/mf-manifest.json': JSON.stringify(rpusManifest),
    'remote-rpus/dist/mf-manifest.json.br': brotliCompressSync(JSON.stringify(rpusManifest)),
    'remote-rpus/dist/static/js/remote_rpus.a0d7faf881.js': script,
    'remote-rpus/dist/static/js/remote_rpus.a0d7faf881.js.gz': gzipSync(script),
  };
  const webRoot = await webRootWith(files);
  t = await createTestApp({
    database,
    config: {
      webRoot,
      frontEnd: {
        apiUrl: 'https://api.luz.example.com',
        // Remotes on a CDN: their manifest is preloaded, their files are the CDN's business.
        remotes: {
          rpus: '/remotes/rpus/mf-manifest.json',
          periods: `${cdnOrigin}/periods/mf-manifest.json`,
          admin: '/remotes/admin/mf-manifest.json',
          settings: `${cdnOrigin}/settings/mf-manifest.json`,
        },
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await database.drop();
  await new Promise((resolve) => cdn.close(resolve));
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** The runtime configuration the page carries, read as the host's first script reads it. */
function inlineConfig(html: string) {
  const match = /<script id="luz-runtime-config" type="application\/json">(.*?)<\/script>/.exec(html);
  return match ? zRuntimeConfig.parse(JSON.parse(match[1] as string)) : null;
}

const preloads = (html: string) => [...html.matchAll(/<link rel="preload"[^>]*>/g)].map(([tag]) => tag);

describe('the host page', () => {
  test('carries the runtime configuration, the same document /config.json answers', async () => {
    const page = await get('/login');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const config = (await get('/config.json')).json();
    expect(inlineConfig(page.body)).toEqual(config);
    expect(page.body).toContain('<title>Luz</title>');
    expect(page.body.indexOf('luz-runtime-config')).toBeLessThan(page.body.indexOf('</head>'));
  });

  test("preloads what the address mounts: the host's signed-in chunks and the SDK's, the manifest, and for a remote served here its entry and exposed module", async () => {
    expect(preloads((await get('/login')).body)).toEqual([]);
    for (const url of ['/create-account', '/recover-password', '/reset-password?token=x']) {
      expect(preloads((await get(url)).body)).toEqual([
        ...sdkPreloads,
        '<link rel="preload" href="/static/js/async/sign-in-forms.77aa01bc22.js" as="script">',
      ]);
    }
    for (const url of ['/rpus/', '/rpus/1f0c/payment-history?page=2']) {
      expect(preloads((await get(url)).body)).toEqual([
        '<link rel="preload" href="/remotes/rpus/mf-manifest.json" as="fetch" crossorigin="anonymous" data-remote="rpus">',
        ...signedInPreloads,
        '<link rel="preload" href="/remotes/rpus/static/js/remote_rpus.a0d7faf881.js" as="script">',
        '<link rel="preload" href="/remotes/rpus/static/js/async/__federation_expose_lifecycles.bed6acfa38.js" as="script">',
      ]);
    }
    // `/` is the start page (/downloads), whose remote lives on a CDN.
    for (const url of ['/', '/downloads', '/periods?page=1']) {
      expect(preloads((await get(url)).body)).toEqual([
        `<link rel="preload" href="${cdnOrigin}/periods/mf-manifest.json" as="fetch" crossorigin="anonymous" data-remote="periods">`,
        ...signedInPreloads,
      ]);
    }
    // On a CDN: only the manifest, whose failure the remote's loading reports.
    expect(preloads((await get('/settings')).body)).toHaveLength(3);
  });

  test('is compressed as the browser accepts, never cached without revalidation, and revalidates with its ETag', async () => {
    const plain = await get('/rpus/');
    const br = await get('/rpus/', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/rpus/', { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    for (const response of [plain, br, gzip]) {
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    }
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/rpus/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/login')).headers.etag).not.toBe(etag);
  });

  test("a sign-in screen's address carries the screen's markup in #root and its CSS in the head", async () => {
    const login = (await get('/login?next=1')).body;
    expect(login).toContain('<style id="luz-shell-style">.a{display:grid}</style></head>');
    expect(login).toContain('<div id="root"><main class="a"><h1>Inicia sesión</h1></main><footer>');
    const { powered_by } = (await get('/config.json')).json();
    expect(login).toContain(`<a href="${powered_by.url}">${powered_by.label}</a>`);
    // Rendered but not this one, and addresses that are no sign-in screen: the app draws them.
    for (const url of ['/create-account', '/rpus/', '/']) {
      const body = (await get(url)).body;
      expect(body).not.toContain('luz-shell-style');
      expect(body).toContain('<div id="root"></div>');
    }
  });

  test("a signed-in screen's address carries its first frame before #root, with the heading its remote's build wrote", async () => {
    const rpus = (await get('/rpus/?page=2')).body;
    expect(rpus).toContain('<style id="luz-first-frame-style">.f{position:fixed}</style></head>');
    expect(rpus).toContain(
      '<div id="luz-first-frame" class="f"><a href="/rpus/"></a><h1>Servicios &lt;y más&gt;</h1><p>Tus puntos de servicio &amp; tus pagos.</p>',
    );
    const { powered_by } = (await get('/config.json')).json();
    expect(rpus).toContain(`<a href="${powered_by.url}">${powered_by.label}</a></div><div id="root"></div>`);
    // A remote on a CDN: its headings come from beside its manifest there, escaped.
    expect((await get('/downloads')).body).toContain(
      '<a href="/downloads"></a><h1>Descargas</h1><p>Tus cargas &lt;y&gt; syncs.</p>',
    );
    // A remote served here whose build wrote no headings, and one whose CDN fails: no heading.
    for (const url of ['/admin', '/settings']) {
      const body = (await get(url)).body;
      expect(body).toContain(
        `<div id="luz-first-frame" class="f"><a href="${url}"></a></div><div id="root"></div>`,
      );
    }
    // A screen at many addresses: each service's payment history gets that screen's frame.
    for (const id of ['8f2a', '0c41']) {
      expect((await get(`/rpus/${id}/payment-history`)).body).toContain(
        '<a href="/rpus/:rpuId/payment-history"></a><h1>Historial de pagos</h1><p>Cargando…</p>',
      );
    }
    // Addresses of no framed screen: the app draws them.
    for (const url of ['/login', '/rpus/8f2a/payments', '/rpus//payment-history', '/attention', '/']) {
      expect((await get(url)).body).not.toContain('luz-first-frame');
    }
  });

  test('draws its markup in the colour mode the app keeps in its cookie, dark without one', async () => {
    const light = { cookie: 'other=1; luz_color_mode=light' };
    const login = (await get('/login', light)).body;
    expect(login).toContain('<style id="luz-shell-style">.l{display:grid;background:#fff}</style>');
    expect(login).toContain('<div id="root"><main class="l">');
    const rpus = (await get('/rpus/', light)).body;
    expect(rpus).toContain('<style id="luz-first-frame-style">.g{position:fixed;background:#fff}</style>');
    expect(rpus).toContain('<div id="luz-first-frame" class="g"></div><div id="root"></div>');
    // Each mode is a page of its own, with its own validator.
    expect((await get('/rpus/', light)).headers.etag).not.toBe((await get('/rpus/')).headers.etag);
    // Any other value, a malformed header, or a mode the build did not draw: the default, dark.
    for (const cookie of ['luz_color_mode=sepia', 'luz_color_mode', '=;;=%zz', 'luz_color_mode=dark']) {
      expect((await get('/login', { cookie })).body).toContain('<main class="a">');
    }
    expect((await get('/downloads', light)).body).not.toContain('luz-first-frame');
  });

  test('is what / and /index.html answer too', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(inlineConfig(response.body)).not.toBeNull();
    }
  });
});

describe('built files', () => {
  test('go out compressed by the build, varying on Accept-Encoding; hashed ones immutable', async () => {
    const url = '/static/js/index.c0fea2a087.js';
    const br = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  test("a remote's files too, with CORS; its manifest revalidates, its hashed entry is immutable", async () => {
    const manifest = await get('/remotes/rpus/mf-manifest.json', { 'accept-encoding': 'br' });
    expect(manifest.headers['content-encoding']).toBe('br');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse(brotliDecompressSync(manifest.rawPayload).toString())).toEqual(rpusManifest);
    // Only gzip was built for this one: a browser that prefers Brotli gets gzip.
    const entry = await get('/remotes/rpus/static/js/remote_rpus.a0d7faf881.js', {
      'accept-encoding': 'br, gzip',
    });
    expect(entry.headers['content-encoding']).toBe('gzip');
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(entry.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('renderHostPage', () => {
  const config = zRuntimeConfig.parse({
    api_url: '',
    version: 'beta',
    remotes: { rpus: '/r', periods: '/p', admin: '/a', settings: '/s' },
    powered_by: { label: '</script><script>alert(1)</script>', url: 'https://x.test/?a=1&b="2"' },
    scripts: { chat: null, session_recording: null },
    billing_provider: 'local',
    plan_monthly_price: '990.00',
  });

  test('nothing in the configuration can close its element or break out of an attribute', () => {
    const html = renderHostPage('<html><head></head><body></body></html>', config, [
      { href: '/r?"><script>', as: 'script' },
    ]);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(inlineConfig(html)).toEqual(config);
    expect(html).toContain('href="/r?&quot;><script>"');
  });

  test("the screen's markup gets the configured link, escaped", () => {
    const html = renderHostPage(
      '<html><head></head><body><div id="root"></div></body></html>',
      config,
      [],
      loginShell,
    );
    expect(html).toContain(
      '<div id="root"><main class="a"><h1>Inicia sesión</h1></main><footer><a href="https://x.test/?a=1&amp;b=&quot;2&quot;">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</a></footer></div>',
    );
  });

  test("the frame's heading is escaped, and without one the frame has none", () => {
    const heading = { title: '</h1><script>', subtitle: 'a & b' };
    expect(frameWithHeading(frame('/rpus/'), heading).html).toContain(
      '<h1>&lt;/h1&gt;&lt;script&gt;</h1><p>a &amp; b</p>',
    );
    expect(frameWithHeading(frame('/rpus/'), undefined).html).not.toContain('<h1>');
  });

  test("a remote's assets are its entry and exposed module's files, beside its manifest", () => {
    expect(remoteAssets('https://cdn.example.com/rpus/v2/mf-manifest.json', rpusManifest)).toEqual([
      'https://cdn.example.com/rpus/v2/static/js/remote_rpus.a0d7faf881.js',
      'https://cdn.example.com/rpus/v2/static/js/async/__federation_expose_lifecycles.bed6acfa38.js',
    ]);
    expect(remoteAssets('/remotes/rpus/mf-manifest.json', {})).toEqual([]);
  });
});

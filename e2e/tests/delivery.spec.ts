import type { Response } from '@playwright/test';
import { COMPILE_HINT } from '../../shared/build/compile-hints';
import { expect, signInWithToken, test } from '../fixtures';

/** Built files are named `<name>.<content hash>.<ext>`: such a file never changes. */
const hashed = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
const immutable = 'public, max-age=31536000, immutable';

/** Every response the page's load got from the product (the API's JSON aside). */
function collect(page: import('@playwright/test').Page) {
  const responses: Response[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) responses.push(response);
  });
  return responses;
}

test('la primera carga llega comprimida y lo que tiene hash se guarda para siempre', async ({
  page,
  seed,
}) => {
  const user = await seed.userWithCredential();
  await signInWithToken(page, user.token);
  const responses = collect(page);
  for (const path of ['/rpus/', '/settings', '/downloads']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.goto('/login');

  const scripts = responses.filter((response) => new URL(response.url()).pathname.endsWith('.js'));
  // The host's and the remotes' own scripts, at least: the entry, the singletons, three remotes.
  expect(scripts.length).toBeGreaterThan(15);
  for (const response of scripts) {
    const headers = await response.allHeaders();
    const url = new URL(response.url()).pathname;
    expect({ url, encoding: headers['content-encoding'] }).toEqual({
      url,
      encoding: expect.stringMatching(/^(br|gzip)$/),
    });
    expect({ url, vary: headers.vary }).toEqual({ url, vary: expect.stringMatching(/accept-encoding/i) });
    if (hashed.test(url)) expect({ url, cache: headers['cache-control'] }).toEqual({ url, cache: immutable });
  }
  const remoteEntries = scripts.filter((response) =>
    /\/remotes\/\w+\/static\/js\/remote_\w+\./.test(response.url()),
  );
  expect(remoteEntries.length).toBeGreaterThanOrEqual(3);

  const revalidated = responses.filter((response) => {
    const url = new URL(response.url()).pathname;
    return url.endsWith('/mf-manifest.json') || response.request().resourceType() === 'document';
  });
  expect(revalidated.length).toBeGreaterThanOrEqual(7);
  for (const response of revalidated) {
    const headers = await response.allHeaders();
    expect({ url: response.url(), cache: headers['cache-control'] }).toEqual({
      url: response.url(),
      cache: 'no-cache',
    });
  }
});

test('cada script del host y de los remotos pide a Chromium compilarlo entero mientras llega', async ({
  page,
  seed,
}) => {
  const user = await seed.userWithCredential();
  await signInWithToken(page, user.token);
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) scripts.add(response.url());
  });
  for (const path of ['/rpus/', '/downloads']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  const paths = [...scripts].map((url) => new URL(url).pathname);
  expect(paths.some((path) => path.startsWith('/static/js/'))).toBe(true);
  expect(paths.filter((path) => path.startsWith('/remotes/')).length).toBeGreaterThanOrEqual(4);
  // Each one asked for again: the page's own copy of a body is gone once it has navigated away.
  for (const url of scripts) {
    const firstLine = (await (await page.request.get(url)).text()).split('\n', 1)[0];
    expect({ url, firstLine }).toEqual({ url, firstLine: COMPILE_HINT });
  }
});

test('la configuración de ejecución también se sirve aparte, sin guardarse sin revalidar', async ({
  request,
}) => {
  const response = await request.get('/config.json');
  expect(response.headers()['cache-control']).toBe('no-cache');
});

test('la pantalla de inicio de sesión llega dibujada en la página, antes de cualquier script, y la aplicación la toma sin moverla', async ({
  page,
}) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/login');
  const heading = page.getByRole('heading', { name: 'Inicia sesión' });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('link', { name: 'Luz Energía' })).toHaveAttribute(
    'href',
    'https://luz.example.com',
  );
  // Drawn, not usable: what someone types there before the app starts would be lost.
  await expect(page.getByLabel('Correo electrónico')).not.toBeEditable();
  const drawn = await heading.boundingBox();

  await page.unroute('**/*.js');
  await page.reload();
  await expect(page.getByLabel('Correo electrónico')).toBeEditable();
  await expect(page.getByLabel('Correo electrónico')).toBeFocused();
  expect(await heading.boundingBox()).toEqual(drawn);
  await expect(page.locator('#luz-shell-style')).toHaveCount(0);
});

test('una pantalla de la sesión llega con su marco dibujado en la página, y la aplicación la muestra debajo sin moverla', async ({
  page,
  seed,
}) => {
  await signInWithToken(page, (await seed.userWithCredential()).token);
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/rpus/');
  // The frame is a picture of the screen (hidden from assistive technology): read by its markup.
  const frame = page.locator('#luz-first-frame');
  await expect(frame).toBeVisible();
  await expect(frame.locator('h1')).toHaveText('Servicios');
  await expect(frame.locator('a[aria-current="page"]')).toHaveText('Servicios');
  await expect(frame.locator('[role="status"]')).toBeVisible();
  await expect(frame.getByText('Luz Energía')).toHaveAttribute('href', 'https://luz.example.com');
  const drawn = await frame.locator('h1').boundingBox();
  // A screen at many addresses has its frame at each of them.
  await page.goto('/rpus/5b0c2a1e-8d4f-4e59-9a63-0f7d2c1b9e44/payment-history');
  await expect(frame.locator('h1')).toHaveText('Historial de pagos');
  await expect(frame.locator('a[aria-current="page"]')).toHaveText('Servicios');
  await page.goto('/rpus/');

  await page.unroute('**/*.js');
  await page.reload();
  const heading = page.getByRole('heading', { name: 'Servicios', level: 1 });
  await expect(heading).toBeVisible();
  expect(await heading.boundingBox()).toEqual(drawn);
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(frame).toHaveCount(0);
  await expect(page.locator('#luz-first-frame-style')).toHaveCount(0);
});

test('quien eligió el tema claro recibe el marco y la pantalla de inicio de sesión en claro, no oscuros hasta que carga la aplicación', async ({
  page,
  seed,
}) => {
  const light = 'rgb(247, 245, 249)';
  const background = (selector: string) =>
    page.locator(selector).evaluate((element) => getComputedStyle(element).backgroundColor);
  await signInWithToken(page, (await seed.userWithCredential()).token);
  // A first visit has no choice yet: dark, the default.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/rpus/');
  expect(await background('#luz-first-frame')).not.toBe(light);
  await page.unroute('**/*.js');
  await page.evaluate(() => window.localStorage.setItem('luz.theme', 'light'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Servicios', level: 1 })).toBeVisible();
  expect(await background('body')).toBe(light);

  // The app keeps the mode it shows; the next page comes drawn in it, before any script.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/rpus/');
  await expect(page.locator('#luz-first-frame h1')).toHaveText('Servicios');
  expect(await background('#luz-first-frame')).toBe(light);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
  expect(await background('body')).toBe(light);
});

test('sin sesión, el marco de una pantalla de la sesión se va con la llegada a /login', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
  await expect(page.locator('#luz-first-frame')).toHaveCount(0);
});

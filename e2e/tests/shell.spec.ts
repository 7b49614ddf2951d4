import { expect, signInWithToken, test } from '../fixtures';

test('una ruta desconocida muestra la pantalla 404', async ({ page }) => {
  await page.goto('/no-existe/para-nada');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByText('Oops!')).toBeVisible();
  await expect(page.getByText('Página no encontrada')).toBeVisible();
  await page.getByRole('link', { name: 'Regresar al inicio' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('el pie muestra la versión y el enlace "powered by"', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('version-label')).toHaveText('beta-0.3.16');
  const link = page.getByRole('link', { name: 'Luz Energía' });
  await expect(link).toHaveAttribute('href', 'https://luz.example.com');
});

test('la configuración de ejecución dice dónde vive cada remoto', async ({ request }) => {
  const config = await (await request.get('/config.json')).json();
  expect(config.version).toBe('beta-0.3.16');
  for (const remote of ['rpus', 'periods', 'admin', 'settings']) {
    expect(config.remotes[remote]).toBe(`/remotes/${remote}/mf-manifest.json`);
  }
});

test('mientras se sabe quién entró, la página muestra el marco de la pantalla con el indicador de carga', async ({
  page,
  seed,
}) => {
  await signInWithToken(page, (await seed.userWithCredential()).token);
  // The current user's answer is held until the spinner has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/users/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/downloads');
  // What a screen reader hears is the app's spinner; what the eye sees is the page's frame over it
  // (decision 176): the screen's heading and a spinner, no account and no menu to use yet.
  await expect(page.getByRole('status', { name: 'Cargando…' })).toBeVisible();
  const frame = page.locator('#luz-first-frame');
  await expect(frame).toBeVisible();
  await expect(frame.locator('h1')).toHaveText('Descargas');
  await expect(frame.locator('[role="status"]')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toHaveCount(0);
  release();
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Descargas', level: 1 })).toBeVisible();
  await expect(frame).toHaveCount(0);
});

test('si las pantallas de la sesión no llegan, el respaldo genérico "Something went wrong!" muestra y oculta el error', async ({
  page,
  seed,
}) => {
  await signInWithToken(page, (await seed.userWithCredential()).token);
  // The host's chunk of signed-in screens (layout, remote outlet) fails, as after a deploy that
  // removed it; the sign-in pages do not need it.
  await page.route(/\/static\/js\/async\/signed-in[.-]/, (route) => route.abort());
  await page.goto('/downloads');
  const fallback = page.getByRole('alert').filter({ hasText: 'Something went wrong!' });
  await expect(fallback.getByRole('heading', { name: 'Something went wrong!' })).toBeVisible();
  await expect(fallback.locator('pre')).toHaveCount(0);
  await fallback.getByRole('button', { name: 'Show Error' }).click();
  await expect(fallback.locator('pre')).toContainText(/chunk/i);
  await fallback.getByRole('button', { name: 'Hide Error' }).click();
  await expect(fallback.locator('pre')).toHaveCount(0);
  await expect(fallback.getByRole('button', { name: 'Show Error' })).toBeVisible();
});

test('la paleta: principal #DA70D6 en el tema oscuro (el de siempre) y secundaria #C71585 como principal del claro', async ({
  page,
}) => {
  await page.goto('/login');
  const primary = page.getByRole('button', { name: 'Iniciar sesión' });
  await expect(primary).toHaveCSS('background-color', 'rgb(218, 112, 214)');
  await page.evaluate(() => window.localStorage.setItem('luz.theme', 'light'));
  await page.reload();
  await expect(primary).toHaveCSS('background-color', 'rgb(199, 21, 133)');
});

test('las peticiones a la API no tienen tiempo límite', async ({ page, seed }) => {
  // Every request the page makes: the API client's (XMLHttpRequest, with the limit it carries)
  // and the early fetch of the current user (a limit there would be an abort signal).
  await page.addInitScript(() => {
    const sent: { via: 'xhr' | 'fetch'; url: string; limited: boolean }[] = [];
    Object.assign(window, { __sent: sent });
    const { open, send } = XMLHttpRequest.prototype;
    const urls = new WeakMap<XMLHttpRequest, string>();
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
      urls.set(this, String(args[1]));
      return (open as (...values: unknown[]) => void).apply(this, args);
    };
    XMLHttpRequest.prototype.send = function (
      this: XMLHttpRequest,
      body?: Document | XMLHttpRequestBodyInit | null,
    ) {
      sent.push({ via: 'xhr', url: urls.get(this) ?? '', limited: this.timeout !== 0 });
      return send.call(this, body);
    };
    const nativeFetch = window.fetch;
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({
        via: 'fetch',
        url: String(input instanceof Request ? input.url : input),
        limited: !!init?.signal,
      });
      return nativeFetch(input, init);
    };
  });
  await signInWithToken(page, (await seed.userWithCredential()).token);
  await page.goto('/rpus/');
  // The account has no services: the list's answer has arrived once its empty state shows (the
  // table is only there while it loads, too briefly to wait for).
  await expect(page.getByRole('heading', { name: 'Todavía no tienes servicios' })).toBeVisible();
  const api = (
    await page.evaluate(
      () => (window as unknown as { __sent: { via: string; url: string; limited: boolean }[] }).__sent,
    )
  ).filter((request) => request.url.includes('/api/v1/'));
  expect(
    api.filter((request) => request.via === 'xhr' && request.url.includes('/rpus/')).length,
  ).toBeGreaterThan(0);
  expect(api.filter((request) => request.limited)).toEqual([]);
});

import type { Page } from '@playwright/test';
import { apiLogin, expect, signInWithToken, test } from '../fixtures';
import { buildRemoteWithChangedText, serveFolder, startProduct } from '../remote-build';

const loadFailure = 'Algo salió mal al cargar. Intenta recargando la página';

/**
 * The runtime configuration of every page at `path` points the admin remote at a port where
 * nothing listens: the page the API serves carries the configuration (and a preload of the
 * routed remote), so the page itself is rewritten, as a deploy with that setting would serve it.
 */
async function pointAdminRemoteNowhere(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll(
        '/remotes/admin/mf-manifest.json',
        'http://127.0.0.1:9/mf-manifest.json',
      );
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ response, headers, body });
    },
  );
}

test('un remoto se carga desde la configuración de ejecución; atrás y adelante funcionan dentro de él', async ({
  page,
  seed,
}) => {
  const user = await seed.userWithCredential();
  await signInWithToken(page, user.token);
  const manifest = page.waitForRequest((request) =>
    request.url().endsWith('/remotes/settings/mf-manifest.json'),
  );
  await page.goto('/settings?tab=1');
  await manifest;
  await expect(page.getByRole('heading', { name: 'Configuración', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Apariencia' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'Seguridad' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=2$/);
  await page
    .getByRole('navigation', { name: 'Navegación principal' })
    .getByRole('link', { name: 'Servicios' })
    .click();
  await expect(page).toHaveURL(/\/rpus\/$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/settings\?tab=2$/);
  await expect(page.getByRole('tab', { name: 'Seguridad' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Apariencia' })).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(page.getByRole('tab', { name: 'Seguridad' })).toHaveAttribute('aria-selected', 'true');
});

test('un remoto inalcanzable muestra la pantalla de falla y el resto de la aplicación sigue funcionando', async ({
  page,
  seed,
}) => {
  const user = await seed.userWithCredential({ superuser: true });
  await signInWithToken(page, user.token);
  await pointAdminRemoteNowhere(page, '/admin');

  await page.goto('/admin');
  await expect(page.getByText(loadFailure)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Recargar' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('beta-0.3.16');

  await page
    .getByRole('navigation', { name: 'Navegación principal' })
    .getByRole('link', { name: 'Configuración' })
    .click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Configuración', level: 1 })).toBeVisible();
  await expect(page.getByText(loadFailure)).toHaveCount(0);

  await page.goto('/admin');
  await expect(page.getByText(loadFailure)).toBeVisible({ timeout: 30_000 });
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Recargar' }).click();
  await reloaded;
});

test('un remoto cuyo origen acepta la conexión y nunca responde muestra que carga y después la pantalla de falla', async ({
  page,
  seed,
}) => {
  const user = await seed.userWithCredential();
  await signInWithToken(page, user.token);
  // Held forever: the origin took the request and never answers.
  await page.route('**/remotes/settings/mf-manifest.json', () => new Promise<void>(() => undefined));
  // The page's clock is moved by hand past the outlet's 20 s instead of waiting them out. It also
  // runs on in real time, so the look before the 20 s is at 15: a loaded machine's few seconds
  // between steps must not carry it past them.
  await page.clock.install();

  await page.goto('/settings');
  // The outlet's area (single-spa's wrapper) is on the page: its 20 s count has begun. The spinner
  // alone may still be the layout's, shown while it learns who signed in.
  await expect(page.locator('.remote-settings')).toBeAttached();
  await expect(page.getByRole('status', { name: 'Cargando…' })).toBeVisible();
  await page.clock.fastForward('00:15');
  await expect(page.getByRole('status', { name: 'Cargando…' })).toBeVisible();
  await expect(page.getByText(loadFailure)).toHaveCount(0);
  // What the eye sees meanwhile is the page's first frame of the screen, over the app (decision 176).
  await expect(page.locator('#luz-first-frame h1')).toHaveText('Configuración');
  // The outlet gives up after 20 s, whatever the manifest's attempts are doing.
  await page.clock.fastForward('00:06');
  await expect(page.getByText(loadFailure)).toBeVisible();
  await expect(page.getByRole('status', { name: 'Cargando…' })).toHaveCount(0);
  await expect(page.locator('#luz-first-frame')).toHaveCount(0);

  await page
    .getByRole('navigation', { name: 'Navegación principal' })
    .getByRole('link', { name: 'Servicios' })
    .click();
  await expect(page).toHaveURL(/\/rpus\/$/);
  await expect(page.getByRole('heading', { name: 'Servicios', level: 1 })).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test.describe('un equipo despliega su remoto por su cuenta', () => {
  const change = { from: "title: 'Servicios',", to: "title: 'Servicios de tu empresa'," };
  let remote: Awaited<ReturnType<typeof buildRemoteWithChangedText>> | undefined;
  let remoteOrigin: Awaited<ReturnType<typeof serveFolder>> | undefined;
  let product: Awaited<ReturnType<typeof startProduct>> | undefined;

  test.beforeAll(async () => {
    // A production build of remote-rpus alone and a second deploy: a minute or two on a loaded machine.
    test.setTimeout(300_000);
    remote = await buildRemoteWithChangedText('rpus', change);
    remoteOrigin = await serveFolder(remote.dist);
    product = await startProduct({ REMOTE_RPUS_URL: `${remoteOrigin.origin}/mf-manifest.json` });
  });
  test.afterAll(async () => {
    await product?.stop();
    await remoteOrigin?.close();
    remote?.remove();
  });

  test('un remoto compilado con un texto nuevo y servido desde otro origen muestra el texto nuevo; el host conserva su compilación', async ({
    page,
    seed,
    playwright,
  }) => {
    if (!product || !remoteOrigin) throw new Error('set-up failed');
    // The product under test serves the remote's build from the repository: the old text.
    const user = await seed.userWithCredential();
    await signInWithToken(page, user.token);
    await page.goto('/rpus/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Servicios');

    // The same host build, deployed with REMOTE_RPUS_URL pointing at the remote's new origin.
    const request = await playwright.request.newContext({ baseURL: product.baseURL });
    const token = await apiLogin(request, product.superuser.email, product.superuser.password);
    const credential = await request.post('/api/v1/credentials/', {
      headers: { Authorization: `Bearer ${token}` },
      data: { alias: 'Empresa demo', cfe_user: 'empresa.demo', password: 'Demo-2024' },
    });
    expect(credential.status(), await credential.text()).toBe(200);
    await request.dispose();

    const second = await page.context().newPage();
    await signInWithToken(second, token);
    // Its first frame, drawn before any script, has the remote's new heading too: the API fetched
    // it from beside the manifest on the remote's origin. A page waits at most half a second for
    // that file, once (decision 176): on a loaded machine the first may come without it.
    const rpusPage = `${product.baseURL}/rpus/`;
    await second.route('**/*.js', (route) => route.abort());
    await expect(async () => {
      await second.goto(rpusPage);
      await expect(second.locator('#luz-first-frame h1')).toHaveText('Servicios de tu empresa', {
        timeout: 1_000,
      });
    }).toPass();
    await second.unroute('**/*.js');
    const manifest = second.waitForRequest(`${remoteOrigin.origin}/mf-manifest.json`);
    await second.goto(rpusPage);
    await manifest;
    await expect(second.getByRole('heading', { level: 1 })).toHaveText('Servicios de tu empresa');
    // The host's own texts and the other remotes come from the host's build, unchanged.
    const navigation = second.getByRole('navigation', { name: 'Navegación principal' });
    await expect(navigation.getByRole('link', { name: 'Servicios' })).toBeVisible();
    await navigation.getByRole('link', { name: 'Configuración' }).click();
    await expect(second.getByRole('heading', { name: 'Configuración', level: 1 })).toBeVisible();
  });
});

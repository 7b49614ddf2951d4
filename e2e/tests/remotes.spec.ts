import { expect, signInWithToken, test } from '../fixtures';

const loadFailure = 'Algo salió mal al cargar. Intenta recargando la página';

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
  request,
  seed,
}) => {
  const user = await seed.userWithCredential();
  await signInWithToken(page, user.token);
  // The runtime configuration points the admin remote at a port where nothing listens.
  const config = await (await request.get('/config.json')).json();
  config.remotes.admin = 'http://127.0.0.1:9/mf-manifest.json';
  await page.route('**/config.json', (route) => route.fulfill({ json: config }));

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

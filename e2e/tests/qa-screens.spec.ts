import { randomInt } from 'node:crypto';
import { expect, signInWithToken, test } from '../fixtures';
import { importRows } from './rpus-seed';

/** Regressions found by the QA pass over the screens (widths, error states, wording, flows). */

const serviceNumber = () => `${randomInt(10, 99)}${String(randomInt(0, 1e9)).padStart(10, '0')}`;

test('en un escritorio de 1400 px la lista de servicios muestra sus acciones sin desplazarse de lado', async ({
  page,
  request,
  seed,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const user = await seed.userWithCredential();
  await importRows(seed, request, user.token, [
    { service_number: serviceNumber(), alias: 'Oficina central de Monterrey' },
    { service_number: serviceNumber() },
  ]);
  await signInWithToken(page, user.token);
  await page.goto('/rpus/');
  const table = page.getByRole('table', { name: 'Servicios de CFE' });
  await expect(table.getByRole('link', { name: 'Ver pagos' }).first()).toBeInViewport();
  const frame = await table.evaluate((element) => {
    const scroller = element.parentElement as HTMLElement;
    return { client: scroller.clientWidth, scroll: scroller.scrollWidth };
  });
  expect(frame.scroll).toBeLessThanOrEqual(frame.client);

  // Alias and holder are edited from the pencil beside the alias; closing the dialog gives focus back to it.
  const pencil = table.getByRole('button', { name: /Editar el servicio/ }).first();
  await pencil.click();
  await expect(page.getByRole('dialog', { name: 'Editar servicio' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(pencil).toBeFocused();
});

test('en un escritorio de 1400 px la tabla de usuarios de /admin cabe con sus tres acciones', async ({
  page,
  seed,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const { token } = await seed.userWithCredential({ superuser: true });
  const company = `Distribuidora Eléctrica del Noreste ${Date.now()}`;
  await seed.signup({ full_name: 'María Fernanda Villarreal Garza', company_name: company });
  await signInWithToken(page, token);
  await page.goto(`/admin?filterBy=company&search=${encodeURIComponent(company)}`);
  const table = page.getByRole('table', { name: 'Usuarios' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('button', { name: 'Bitácora' })).toBeInViewport();
  const frame = await table.evaluate((element) => {
    const scroller = element.parentElement as HTMLElement;
    return { client: scroller.clientWidth, scroll: scroller.scrollWidth };
  });
  expect(frame.scroll).toBeLessThanOrEqual(frame.client);
});

test('una lista que no se pudo cargar lo dice, no finge estar vacía, y "Reintentar" la trae', async ({
  page,
  seed,
}) => {
  const user = await seed.userWithCredential();
  await signInWithToken(page, user.token);
  let failing = true;
  await page.route('**/api/v1/credentials/?*', (route) =>
    failing
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"detail":"Servicio no disponible"}',
        })
      : route.fallback(),
  );
  await page.goto('/settings?tab=3');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Servicio no disponible', { timeout: 20_000 });
  await expect(page.getByText('Todavía no tienes cuentas de CFE.')).toHaveCount(0);
  failing = false;
  await alert.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('cell', { name: 'Cuenta E2E' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('un enlace de restablecimiento ausente ofrece pedir otro', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('El enlace no es válido. Solicita uno nuevo.')).toBeVisible();
  await page.getByRole('link', { name: 'Solicitar un enlace nuevo' }).click();
  await expect(page).toHaveURL(/\/recover-password$/);
});

test('una suscripción pausada se reanuda; no se vende una segunda', async ({ page, request, seed }) => {
  const user = await seed.signup();
  await signInWithToken(page, user.token);
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Suscribirme' }).click();
  await page.getByRole('button', { name: 'Confirmar suscripción' }).click();
  await expect(page.getByRole('dialog', { name: 'Bienvenido a Luz' })).toBeVisible();
  const paused = await request.post('/api/v1/billing/local/subscription/pause', seed.authorized(user.token));
  expect(paused.status()).toBe(200);

  await page.goto('/subscription');
  await expect(page.getByTestId('subscription-status')).toHaveText('Pausada');
  await expect(page.getByRole('button', { name: 'Suscribirme' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Reanudar suscripción' }).click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Activa');
});

test('un servicio nuevo no acepta un último pago negativo', async ({ page, seed }) => {
  const user = await seed.userWithCredential();
  await signInWithToken(page, user.token);
  await page.goto('/rpus/');
  await page.getByRole('button', { name: 'Agregar servicio' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Agregar servicio' });
  await dialog.getByLabel('Número de servicio').fill(serviceNumber());
  await dialog.getByLabel('Importe del último pago (opcional)').fill('-150');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('El último pago debe ser un importe, por ejemplo 1234.50.')).toBeVisible();
});

test('cuando la API rechaza la sesión, /login dice por qué', async ({ page }) => {
  await signInWithToken(page, 'token-vencido');
  await page.goto('/rpus/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText('Tu sesión terminó. Inicia sesión de nuevo.');
  // Only once: a later visit to /login starts clean.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
  await expect(page.getByText('Tu sesión terminó.')).toHaveCount(0);
});

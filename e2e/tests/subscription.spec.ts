import type { Page } from '@playwright/test';
import { expect, signInWithToken, test } from '../fixtures';

// The subscription flow with the built-in `local` billing provider (the default of `npm start`):
// the checkout page is served by the product itself and confirms at once.

/** From /subscription: checkout, pay on the provider's page, and come back into the app. */
async function subscribe(page: Page) {
  await page.getByRole('button', { name: 'Suscribirme' }).click();
  await expect(page).toHaveURL(/\/api\/v1\/billing\/local\/checkout\/hp_local_[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Pago de la suscripción' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar suscripción' }).click();
  // Back at /subscription?id=…&state=succeeded, confirmed, and into the app at /. No CFE
  // credentials yet: the onboarding modal stands in for the content (and for / → /downloads).
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('dialog', { name: 'Bienvenido a Luz' })).toBeVisible();
}

test('registrarse, pagar en la página del proveedor local y entrar a la aplicación', async ({ page }) => {
  const email = `sofia-${Date.now()}@luz.test`;
  await page.goto('/create-account');
  await page.getByLabel('Nombre completo').fill('Sofía Treviño');
  await page.getByLabel('Empresa').fill('Plásticos del Bajío');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('una-Contraseña-1');
  await page.getByLabel('Confirma la contraseña').fill('una-Contraseña-1');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();

  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole('heading', { name: 'Plan Empresa' })).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('Sin suscripción');
  await page.getByRole('button', { name: 'Suscribirme' }).click();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Plásticos del Bajío')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/subscription$/);

  await subscribe(page);

  // An active user who opens /subscription sees the status and can go back to the app.
  await page.goto('/subscription');
  await expect(page.getByTestId('subscription-status')).toHaveText('Activa');
  await expect(page.getByText('Tu suscripción está activa.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suscribirme' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ir a la aplicación' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('dialog', { name: 'Bienvenido a Luz' })).toBeVisible();
});

test('dejar la página de pago sin pagar regresa a /subscription sin suscripción', async ({ page, seed }) => {
  const user = await seed.signup();
  await signInWithToken(page, user.token);
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Suscribirme' }).click();
  await page.getByRole('button', { name: 'Cancelar y regresar' }).click();
  await expect(page).toHaveURL(/\/subscription\?id=hp_local_[\w-]+&state=cancelled$/);
  await expect(page.getByText('No se completó el pago.')).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('Sin suscripción');
  await page.goto('/downloads');
  await expect(page).toHaveURL(/\/subscription$/);
});

test('una suscripción cancelada por el proveedor lleva de vuelta a /subscription, sin volver a iniciar sesión', async ({
  page,
  request,
  seed,
}) => {
  const user = await seed.signup();
  await signInWithToken(page, user.token);
  await page.goto('/subscription');
  await subscribe(page);

  // The local provider's own cancel endpoint, called with the user's session (as Chargebee's
  // webhook would change the status from outside).
  const cancelled = await request.post(
    '/api/v1/billing/local/subscription/cancel',
    seed.authorized(user.token),
  );
  expect(cancelled.status()).toBe(200);

  await page.goto('/settings');
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('subscription-status')).toHaveText('Cancelada');
  await expect(page.getByText('Tu suscripción fue cancelada.')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBe(user.token);

  // Subscribing again lets the user back in.
  await subscribe(page);
});

test('pausar, reanudar y cancelar desde /subscription, con confirmación', async ({ page, seed }) => {
  const user = await seed.signup();
  await signInWithToken(page, user.token);
  await page.goto('/subscription');
  await subscribe(page);
  await page.goto('/subscription');

  await page.getByRole('button', { name: 'Pausar suscripción' }).click();
  const pause = page.getByRole('dialog', { name: '¿Pausar tu suscripción?' });
  await pause.getByRole('button', { name: 'Sí, pausar la suscripción' }).click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Pausada');
  await page.goto('/periods');
  await expect(page).toHaveURL(/\/subscription$/);

  await page.getByRole('button', { name: 'Reanudar suscripción' }).click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Activa');

  await page.getByRole('button', { name: 'Cancelar suscripción' }).click();
  const cancel = page.getByRole('dialog', { name: '¿Cancelar tu suscripción?' });
  await expect(cancel.getByText('Perderás el acceso a Luz')).toBeVisible();
  // The two buttons say what they do: no "Cancelar" beside "Cancelar suscripción".
  await expect(cancel.getByRole('button', { name: 'Cancelar', exact: true })).toHaveCount(0);
  await cancel.getByRole('button', { name: 'Conservar mi suscripción' }).click();
  await expect(cancel).toHaveCount(0);
  await expect(page.getByTestId('subscription-status')).toHaveText('Activa');

  await page.getByRole('button', { name: 'Cancelar suscripción' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sí, cancelar la suscripción' }).click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Cancelada');
  await page.goto('/downloads');
  await expect(page).toHaveURL(/\/subscription$/);
});

test('dentro de la aplicación, una cancelación aplica en la siguiente página que se abre', async ({
  page,
  request,
  seed,
}) => {
  const user = await seed.signup();
  await signInWithToken(page, user.token);
  await page.goto('/subscription');
  await subscribe(page);
  // With a subscription the API takes the first CFE account (without one it answers 402).
  await seed.refusedCredential(user.token, 'Planta Norte');
  await page.goto('/downloads');
  const navigation = page.getByRole('navigation', { name: 'Navegación principal' });
  // The screen's own requests (its list and its chart) are answered before the cancel: one of them
  // meeting the 402 would take the tab to /subscription before the click this test is about (on a
  // loaded machine they were still on their way).
  const screenAnswered = Promise.all(
    ['/api/v1/periods/all', '/api/v1/periods/series'].map((path) =>
      page.waitForResponse((response) => new URL(response.url()).pathname === path && response.ok()),
    ),
  );
  await navigation.getByRole('link', { name: 'Periodos' }).click();
  await expect(page).toHaveURL(/\/periods$/);
  await screenAnswered;
  await expect(page.getByText('Todavía no hay periodos')).toBeVisible();

  const cancelled = await request.post(
    '/api/v1/billing/local/subscription/cancel',
    seed.authorized(user.token),
  );
  expect(cancelled.status()).toBe(200);
  // A client-side navigation, no reload (to a remote that does not read the user itself): the
  // layout asks for the user again and the gate applies.
  await navigation.getByRole('link', { name: 'Servicios' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('subscription-status')).toHaveText('Cancelada');
});

test('una respuesta 402 de la API, sin cambiar de página, lleva a /subscription y conserva la sesión', async ({
  page,
  request,
  seed,
}) => {
  const user = await seed.subscribedUser();
  await seed.refusedCredential(user.token, 'Planta Sur');
  await signInWithToken(page, user.token);
  await page.goto('/rpus/');
  await expect(page.getByRole('heading', { name: 'Servicios', exact: true })).toBeVisible();
  // What the layout loads at start-up (the inbox count, the socket's waiting CAPTCHAs) is done
  // before the cancel: only the filter's request may meet the 402.
  await expect(page.getByTestId('attention-link')).toHaveAccessibleName('Requiere atención 1 aviso');
  await page.waitForLoadState('networkidle');

  const cancelled = await request.post(
    '/api/v1/billing/local/subscription/cancel',
    seed.authorized(user.token),
  );
  expect(cancelled.status()).toBe(200);
  // A new filter is a new request of the list on the same page: the layout is not asked to
  // recheck, so only the API's 402 can send the user away.
  const refused = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/rpus/' && response.status() === 402,
  );
  await page.getByLabel('Buscar por').selectOption({ label: 'Alias' });
  await page.getByLabel('Buscar', { exact: true }).fill('planta');
  expect((await (await refused).json()).detail).toBe(
    'Tu suscripción no está activa. Suscríbete para seguir usando Luz.',
  );
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('subscription-status')).toHaveText('Cancelada');
  expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBe(user.token);
});

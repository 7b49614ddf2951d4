import { expect, signInWithToken, superuserCredentials, test } from '../fixtures';

test.describe('rutas y sesión', () => {
  for (const path of ['/', '/downloads', '/settings', '/rpus/', '/periods', '/admin', '/subscription']) {
    test(`sin sesión, ${path} lleva a /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
    });
  }

  test('con sesión, las rutas públicas llevan a /', async ({ page, seed }) => {
    await signInWithToken(page, await seed.superuserToken());
    for (const path of ['/login', '/create-account', '/recover-password', '/reset-password']) {
      await page.goto(path);
      await expect(page).not.toHaveURL(new RegExp(`${path}$`));
    }
  });

  test('iniciar sesión guarda el token y va a /; cerrar sesión lo borra y va a /login', async ({ page }) => {
    const { email, password } = superuserCredentials();
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).not.toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeTruthy();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
  });

  test('un inicio de sesión rechazado muestra el detalle del servidor', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill('nadie@luz.test');
    await page.getByLabel('Contraseña', { exact: true }).fill('incorrecta');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('alert')).toContainText(/incorrect/i);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('un token rechazado por la API cierra la sesión', async ({ page }) => {
    await signInWithToken(page, 'token-falso');
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
  });

  test('una cuenta nueva sin suscripción queda en /subscription', async ({ page }) => {
    await page.goto('/create-account');
    await page.getByLabel('Nombre completo').fill('Ana Pérez');
    await page.getByLabel('Empresa').fill('Aceros del Norte');
    await page.getByLabel('Correo electrónico').fill(`ana-${Date.now()}@luz.test`);
    await page.getByLabel('Contraseña', { exact: true }).fill('una-Contraseña-1');
    await page.getByLabel('Confirma la contraseña').fill('una-Contraseña-1');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByTestId('subscription-status')).toHaveText('Sin suscripción');
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/subscription$/);
  });

  test('sin cuentas de CFE, el modal de bienvenida reemplaza el contenido', async ({ page, seed }) => {
    await signInWithToken(page, (await seed.activeUser()).token);
    await page.goto('/settings');
    const dialog = page.getByRole('dialog', { name: 'Bienvenido a Luz' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Usuario del portal de CFE')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toHaveCount(0);
  });

  test('recuperar contraseña responde lo mismo exista o no el correo', async ({ page }) => {
    await page.goto('/recover-password');
    await page.getByLabel('Correo electrónico').fill('quien-sabe@luz.test');
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByText('Si el correo está registrado')).toBeVisible();
  });
});

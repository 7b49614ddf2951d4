import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { readOutbox, waitForMail } from '@luz/api/testing/outbox';
import { expect, signInWithToken, test } from '../fixtures';

const outboxDir = () => join(process.env.LUZ_E2E_DATA_DIR as string, 'outbox');
const isCurrentUser = (url: string) => new URL(url).pathname === '/api/v1/users/me';

test.describe('rutas y sesión', () => {
  for (const path of ['/', '/downloads', '/settings', '/rpus/', '/periods', '/admin', '/subscription']) {
    test(`sin sesión, ${path} lleva a /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
    });
  }

  test('con sesión, / y las rutas públicas llevan a /downloads', async ({ page, seed }) => {
    await signInWithToken(page, (await seed.userWithCredential()).token);
    // Spec §2: public routes with a token go to /, and / redirects to /downloads.
    for (const path of ['/', '/login', '/create-account', '/recover-password', '/reset-password']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/downloads$/);
      await expect(page.getByRole('heading', { name: 'Descargas', level: 1 })).toBeVisible();
    }
  });

  test('iniciar sesión guarda el token y va a /downloads; cerrar sesión lo borra y va a /login', async ({
    page,
    seed,
  }) => {
    const { email, password } = await seed.userWithCredential();
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/downloads$/);
    await expect(page.getByRole('heading', { name: 'Descargas', level: 1 })).toBeVisible();
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

  test('un token rechazado por la API (401) cierra la sesión', async ({ page }) => {
    await signInWithToken(page, 'token-falso');
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
  });

  test('un 403 de la API (dejó de ser superusuario con la consola abierta) cierra la sesión y lleva a /login', async ({
    page,
    seed,
    request,
  }) => {
    // Subscribed too: demoted, it keeps access to everything but the console. Without a plan, any
    // other call of the page (402) would take it to /subscription before the console's 403.
    const admin = await seed.userWithCredential({ superuser: true, subscribed: true });
    // This tab's live socket is held by the test, silent: the tab hears nothing of the change below
    // (a live notice would have it ask for the user again and leave the console before any 403).
    await page.routeWebSocket(/\/credentials\/ws\//, () => {});
    await signInWithToken(page, admin.token);
    await page.goto('/admin');
    await expect(page.getByRole('table', { name: 'Usuarios' })).toBeVisible();

    // The console's next call is refused with 403, and that ends the session. Listened for before
    // the change: a refetch of the page's own (on focus, say) may be that call, before the search.
    const refused = page.waitForResponse(
      (response) => response.url().includes('/api/v1/users/') && response.status() === 403,
    );
    // Still signed in and active, but no longer a superuser.
    const demoted = await request.patch(`/api/v1/users/${admin.id}`, {
      ...seed.authorized(await seed.superuserToken()),
      data: { is_superuser: false },
    });
    expect(demoted.status(), await demoted.text()).toBe(200);
    // A search makes the next call, unless an earlier one already ended the session.
    const searched = page
      .getByLabel('Buscar', { exact: true })
      .fill('alguien')
      .catch(() => undefined);
    await Promise.race([refused, searched]);
    await refused;
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
  });

  test('la consulta del usuario actual solo se hace con token, y siempre se considera vieja', async ({
    page,
    seed,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (isCurrentUser(request.url())) asked.push(request.url());
    });
    // Without a token: the sign-in pages never ask who is signed in.
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
    await page.goto('/create-account');
    await expect(page.getByRole('button', { name: 'Crear cuenta' })).toBeVisible();
    expect(asked).toEqual([]);

    await signInWithToken(page, (await seed.userWithCredential()).token);
    await page.goto('/downloads');
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
    expect(asked.length).toBeGreaterThan(0);
    // Back to the tab: the user is asked for again at once (lists, fresh for a few seconds, are not).
    const again = page.waitForRequest((request) => isCurrentUser(request.url()));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await again;
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

  test('recuperar contraseña responde lo mismo exista o no el correo; solo una cuenta que existe recibe el enlace', async ({
    page,
    seed,
  }) => {
    const unknown = `quien-sabe-${randomUUID()}@luz.test`;
    const user = await seed.signup();
    const answers: string[] = [];
    for (const email of [unknown, user.email]) {
      await page.goto('/recover-password');
      await page.getByLabel('Correo electrónico').fill(email);
      await page.getByRole('button', { name: 'Enviar enlace' }).click();
      const answer = page.getByText('Si el correo está registrado');
      await expect(answer).toBeVisible();
      answers.push((await answer.textContent()) ?? '');
    }
    expect(answers[1]).toBe(answers[0]);
    // The existing account's link arrives; one for the unknown address, asked first, would be there by now.
    expect((await waitForMail(outboxDir(), user.email)).subject).toBe('Luz: restablece tu contraseña');
    expect((await readOutbox(outboxDir())).filter((mail) => mail.to.includes(unknown))).toEqual([]);
  });
});

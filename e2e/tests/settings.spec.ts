import { hasValidSignature, startReceiver } from '../console-helpers';
import { expect, signInWithToken, type TestUser, test } from '../fixtures';

test.describe('configuración', () => {
  let user: TestUser;
  test.beforeEach(async ({ page, seed }) => {
    user = await seed.userWithCredential();
    await signInWithToken(page, user.token);
  });

  test('cambiar la contraseña con la actual deja sin validez las sesiones anteriores, no la propia', async ({
    page,
    request,
    seed,
  }) => {
    await page.goto('/settings?tab=2');
    await page.getByLabel('Contraseña actual').fill('equivocada-123');
    await page.getByLabel('Nueva contraseña').fill('Otra-Clave-Segura-9');
    await page.getByLabel('Confirma la contraseña').fill('Otra-Clave-Segura-9');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('alert')).toContainText('La contraseña actual es incorrecta');

    await page.getByLabel('Contraseña actual').fill(user.password);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Tu contraseña se actualizó.')).toBeVisible();

    const before = await request.get('/api/v1/users/me', seed.authorized(user.token));
    expect(before.status()).toBe(401);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Seguridad' })).toHaveAttribute('aria-selected', 'true');
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).not.toBe(user.token);
  });

  test('cambiar el correo pide la contraseña actual; el nombre no', async ({ page, request, seed }) => {
    await page.goto('/settings?tab=0');
    const current = page.getByLabel('Contraseña actual');
    await expect(current).toHaveCount(0);
    await page.getByLabel('Nombre completo').fill('Nombre Editado');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Tus datos se guardaron.')).toBeVisible();

    const newEmail = `nuevo-${Date.now()}@e2e.luz.test`;
    await page.getByLabel('Correo electrónico').fill(newEmail);
    await expect(current).toBeVisible();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await current.fill('no-es-la-mia');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('alert')).toContainText('La contraseña actual es incorrecta');
    await current.fill(user.password);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Tus datos se guardaron.').last()).toBeVisible();
    await expect(current).toHaveCount(0);
    const me = await request.get('/api/v1/users/me', seed.authorized(user.token));
    expect(await me.json()).toMatchObject({ email: newEmail, full_name: 'Nombre Editado' });
  });

  test('cada pestaña se abre desde la URL (?tab=3) y la URL sigue a la pestaña', async ({ page }) => {
    await page.goto('/settings?tab=3');
    await expect(page.getByRole('tab', { name: 'CFE' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Cuentas de CFE' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Cuentas de CFE' })).toContainText('Cuenta E2E');

    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/[?&]tab=4/);
    await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();

    await page.goto('/settings?tab=2');
    await expect(page.getByRole('tab', { name: 'Seguridad' })).toHaveAttribute('aria-selected', 'true');
    await page.goto('/settings?tab=99');
    await expect(page.getByRole('tab', { name: 'Información de usuario' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('el tema elegido se conserva al recargar', async ({ page }) => {
    await page.goto('/settings?tab=1');
    const body = page.locator('body');
    await expect(body).toHaveCSS('color-scheme', 'dark');
    await page.getByLabel('Tema').selectOption('light');
    await expect(body).toHaveCSS('color-scheme', 'light');
    await page.reload();
    await expect(page.getByLabel('Tema')).toHaveValue('light');
    await expect(body).toHaveCSS('color-scheme', 'light');
    await page.getByLabel('Tema').selectOption('dark');
    await expect(body).toHaveCSS('color-scheme', 'dark');
  });

  test('el tamaño de página elegido se aplica a las listas', async ({ page }) => {
    await page.goto('/settings?tab=1');
    await page.getByLabel('Filas por página en las tablas').selectOption('25');
    await page.goto('/settings?tab=4');
    await expect(page.getByLabel('Filas por página')).toHaveValue('25');
  });

  test('un webhook nuevo recibe su prueba firmada en un receptor local', async ({ page }) => {
    const receiver = await startReceiver();
    try {
      await page.goto('/settings?tab=4');
      await page.getByRole('button', { name: 'Agregar webhook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Agregar webhook' });
      await dialog.getByLabel('URL del receptor').fill(receiver.url);
      await dialog.getByLabel('Descripción').fill('ERP de prueba');
      await dialog.getByLabel('Cambio de estado de un servicio').uncheck();
      await dialog.getByRole('button', { name: 'Crear' }).click();

      const secretDialog = page.getByRole('dialog', { name: 'Secreto de firma' });
      const secret = (await secretDialog.getByTestId('webhook-secret').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      await secretDialog.getByRole('button', { name: 'Cerrar' }).click();

      const row = page.getByRole('row').filter({ hasText: receiver.url });
      await expect(row).toContainText('Nuevo periodo con recibos');
      await expect(row).not.toContainText('Cambio de estado de un servicio');
      await expect(row).toContainText('Activo');
      await row.getByRole('button', { name: 'Enviar prueba' }).click();
      await expect(page.getByText(/Prueba entregada: el receptor respondió 204/)).toBeVisible();

      expect(receiver.received).toHaveLength(1);
      const [delivery] = receiver.received;
      expect(hasValidSignature(secret, delivery as (typeof receiver.received)[number])).toBe(true);
      expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });

      await row.getByRole('button', { name: 'Entregas' }).click();
      const history = page.getByRole('table', { name: 'Entregas recientes' });
      await expect(history).toContainText('Entregado');
      await expect(history).toContainText('204');
      await page.keyboard.press('Escape');

      await row.getByRole('button', { name: 'Desactivar' }).click();
      await expect(row).toContainText('Desactivado');
      await row.getByRole('button', { name: 'Eliminar' }).click();
      await page
        .getByRole('dialog', { name: '¿Eliminar este webhook?' })
        .getByRole('button', { name: 'Eliminar' })
        .click();
      await expect(page.getByRole('row').filter({ hasText: receiver.url })).toHaveCount(0);
    } finally {
      await receiver.close();
    }
  });

  test('un token de API se muestra una vez, sirve en la API, solo lee si es de lectura y se revoca', async ({
    page,
    request,
  }) => {
    await page.goto('/settings?tab=5');
    await expect(page.getByRole('tab', { name: 'Tokens de API' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Todavía no tienes tokens de API.')).toBeVisible();
    await page.getByRole('button', { name: 'Crear token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear token de API' });
    await dialog.getByRole('button', { name: 'Crear token' }).click();
    await expect(dialog.getByText('Este campo es obligatorio')).toBeVisible();
    await dialog.getByLabel('Nombre').fill('Tablero de energía');
    await expect(dialog.getByLabel('Permisos')).toHaveValue('read');
    await dialog.getByLabel('Caduca').selectOption({ label: 'En 30 días' });
    await dialog.getByRole('button', { name: 'Crear token' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Tu token de API' });
    const token = (await secretDialog.getByTestId('api-token-secret').textContent()) ?? '';
    expect(token).toMatch(/^luz_pat_/);
    await secretDialog.getByRole('button', { name: 'Cerrar' }).click();

    const row = page.getByRole('row').filter({ hasText: 'Tablero de energía' });
    await expect(row).toContainText('Solo lectura');
    await expect(row).toContainText(token.slice(0, 12));
    await expect(row).toContainText('Sin usar');
    await expect(page.getByText(token)).toHaveCount(0);

    const auth = { headers: { Authorization: `Bearer ${token}` } };
    expect((await request.get('/api/v1/rpus/', auth)).status()).toBe(200);
    const write = await request.post('/api/v1/rpus/', { ...auth, data: { service_number: '123456789012' } });
    expect(write.status()).toBe(403);
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: 'Tablero de energía' })).not.toContainText(
      'Sin usar',
    );

    await page
      .getByRole('row')
      .filter({ hasText: 'Tablero de energía' })
      .getByRole('button', { name: 'Revocar' })
      .click();
    await page
      .getByRole('dialog', { name: '¿Revocar este token?' })
      .getByRole('button', { name: 'Revocar' })
      .click();
    await expect(page.getByText('Token revocado.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Tablero de energía' })).toHaveCount(0);
    expect((await request.get('/api/v1/rpus/', auth)).status()).toBe(401);
  });
});

import { startReceiver } from '../console-helpers';
import { expect, signInWithToken, test } from '../fixtures';

test.describe('administración', () => {
  test('un usuario con suscripción que no es superusuario no llega a /admin ni ve el enlace, y nunca llama a la API de administración', async ({
    page,
    seed,
  }) => {
    // Subscribed and with a CFE account: neither the subscription gate nor the onboarding stops
    // them first, so what keeps them out is the admin guard itself.
    const user = await seed.userWithCredential();
    const adminCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/api\/v1\/(users\/$|rpus\/admin|tasks\/(logs|stats|admin|retry)|webhooks\/admin)/.test(path))
        adminCalls.push(path);
    });
    await signInWithToken(page, user.token);
    await page.goto('/admin?tab=1');
    // Sent to the start page, inside the layout (its sidebar shows), without the admin link.
    await expect(page).toHaveURL(/\/downloads$/);
    const navigation = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(navigation.getByRole('link', { name: 'Descargas' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Administración' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Administración' })).toHaveCount(0);
    expect(adminCalls).toEqual([]);
    // The session is still there: nothing answered 401/403.
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBe(user.token);
  });

  test('un superusuario filtra usuarios por empresa, correo y nombre; la URL guarda el filtro', async ({
    page,
    seed,
  }) => {
    const { token } = await seed.userWithCredential({ superuser: true });
    const company = `Aceros ${Date.now()}`;
    const ana = await seed.signup({ full_name: 'Ana Filtrable', company_name: company });
    const beto = await seed.signup({ full_name: 'Beto Filtrable', company_name: company });
    await seed.signup({ full_name: 'Otra Persona', company_name: 'Textiles del Sur' });
    await signInWithToken(page, token);

    await page.goto('/admin');
    await expect(page.getByRole('tab', { name: 'Usuarios' })).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('Buscar por').selectOption('company');
    await page.getByLabel('Buscar', { exact: true }).fill(company);
    const table = page.getByRole('table', { name: 'Usuarios' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table).toContainText(ana.email);
    await expect(table).toContainText(beto.email);
    await expect(page).toHaveURL(/filterBy=company/);

    await page.reload();
    await expect(page.getByRole('table', { name: 'Usuarios' }).getByRole('row')).toHaveCount(3);
    await expect(page.getByLabel('Buscar', { exact: true })).toHaveValue(company);

    await page.getByLabel('Buscar por').selectOption('email');
    await page.getByLabel('Buscar', { exact: true }).fill(beto.email);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('Beto Filtrable');

    await page.getByLabel('Buscar por').selectOption('username');
    await page.getByLabel('Buscar', { exact: true }).fill('ana filtrable');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText(ana.email);
  });

  test('un superusuario filtra los servicios de todos, ve uno completo, prueba su webhook y elimina en bloque', async ({
    page,
    seed,
    request,
  }) => {
    const { token } = await seed.userWithCredential({ superuser: true });
    const owner = await seed.subscribedUser({ company_name: `Textiles ${Date.now()}` });
    const serviceNumbers = ['5', '6', '7'].map((digit) => `${Date.now()}`.slice(-11) + digit);
    for (const [index, service_number] of serviceNumbers.entries()) {
      const created = await request.post('/api/v1/rpus/', {
        ...seed.authorized(owner.token),
        data: { service_number, alias: `Sucursal ${index + 1}`, with_autofetch: index === 0 },
      });
      expect(created.status(), await created.text()).toBe(200);
    }
    const receiver = await startReceiver();
    try {
      const webhook = await request.post('/api/v1/webhooks/', {
        ...seed.authorized(owner.token),
        data: { url: receiver.url, events: ['rpu.status_changed'] },
      });
      expect(webhook.status(), await webhook.text()).toBe(200);
      await signInWithToken(page, token);

      await page.goto('/admin?tab=2');
      await expect(page.getByRole('tab', { name: 'Servicios' })).toHaveAttribute('aria-selected', 'true');
      await page.getByLabel('Buscar por').selectOption('email');
      await page.getByLabel('Buscar', { exact: true }).fill(owner.email);
      await expect(page).toHaveURL(/[?&]search=/);
      const table = page.getByRole('table', { name: 'Servicios de todos los usuarios' });
      await expect(table.getByRole('row')).toHaveCount(4);
      await page.getByLabel('Descarga automática').selectOption('true');
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(table).toContainText('Sucursal 1');
      await expect(page).toHaveURL(/withAutofetch=true/);
      await page.reload();
      await expect(
        page.getByRole('table', { name: 'Servicios de todos los usuarios' }).getByRole('row'),
      ).toHaveCount(2);
      await page.getByLabel('Descarga automática').selectOption('');
      await expect(table.getByRole('row')).toHaveCount(4);

      const first = table.getByRole('row').filter({ hasText: 'Sucursal 1' });
      await first.getByRole('button', { name: 'Ver' }).click();
      const complete = page.getByRole('dialog', { name: `Servicio ${serviceNumbers[0]}` });
      await expect(complete).toContainText(owner.email);
      await expect(complete).toContainText('Periodos');
      await complete.getByRole('button', { name: 'Cerrar' }).last().click();

      await first.getByRole('button', { name: 'Probar webhook' }).click();
      await expect(page.getByText('Prueba enviada a 1 webhook: 1 entregada.')).toBeVisible();
      expect(receiver.received).toHaveLength(1);
      expect(JSON.parse(receiver.received[0]?.body ?? '{}')).toMatchObject({
        type: 'webhook.test',
        data: { rpu: { service_number: serviceNumbers[0], alias: 'Sucursal 1' } },
      });

      for (const alias of ['Sucursal 2', 'Sucursal 3'])
        await table.getByRole('row').filter({ hasText: alias }).getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Eliminar seleccionados' }).click();
      await page
        .getByRole('dialog', { name: '¿Eliminar los 2 servicios seleccionados?' })
        .getByRole('button', { name: 'Eliminar' })
        .click();
      await expect(page.getByText('2 servicios eliminados.')).toBeVisible();
      await page.getByLabel('Eliminado').selectOption('true');
      await expect(table.getByRole('row')).toHaveCount(3);
      await expect(table).not.toContainText('Sucursal 1');
    } finally {
      await receiver.close();
    }
  });

  test('un superusuario filtra la bitácora, ve el detalle de una tarea fallida y la reintenta', async ({
    page,
    seed,
    request,
  }) => {
    const { token } = await seed.userWithCredential({ superuser: true });
    const owner = await seed.subscribedUser({ company_name: `Logística ${Date.now()}` });
    const auth = seed.authorized(owner.token);
    const credential = await request.post('/api/v1/credentials/', {
      ...auth,
      data: { cfe_user: 'empresa.demo', password: 'no-es-la-clave', alias: 'Cuenta equivocada' },
    });
    expect(credential.status(), await credential.text()).toBe(200);
    const { credential_id } = await credential.json();
    const rpu = await request.post('/api/v1/rpus/', {
      ...auth,
      data: { service_number: `${Date.now()}`.slice(-12), alias: 'Bodega', credential_id },
    });
    expect(rpu.status(), await rpu.text()).toBe(200);
    const sync = await request.post(`/api/v1/rpus/sync/${credential_id}/${(await rpu.json()).rpu_id}`, {
      ...auth,
      data: {},
    });
    expect(sync.status(), await sync.text()).toBe(202);
    const { task_id } = await sync.json();
    await expect
      .poll(
        async () => {
          const logs = await request.get('/api/v1/tasks/logs?contains_task_status=3', auth);
          return ((await logs.json()).data as { task_id: string; status: number }[]).find(
            (task) => task.task_id === task_id,
          )?.status;
        },
        { timeout: 30_000 },
      )
      .toBe(3);

    await signInWithToken(page, token);
    await page.goto('/admin?tab=1');
    await expect(page.getByRole('heading', { name: 'Estadísticas de tareas' })).toBeVisible();
    await page.getByLabel('Buscar por').selectOption('email');
    await page.getByLabel('Buscar', { exact: true }).fill(owner.email);
    await expect(page).toHaveURL(/[?&]search=/);
    await page.getByLabel('Con servicios en estado').selectOption('3');
    await expect(page).toHaveURL(/containsTaskStatus=3/);
    const table = page.getByRole('table', { name: 'Bitácora de tareas' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('Error de usuario');
    await page.getByLabel('Tipo de tarea').selectOption('0');
    await expect(table).toContainText('No hay tareas con estos filtros.');
    await page.getByLabel('Tipo de tarea').selectOption('');
    await expect(table.getByRole('row')).toHaveCount(2);

    await table.getByRole('button', { name: 'Detalle' }).click();
    const detail = page.getByRole('dialog', { name: 'Detalle de la tarea' });
    await expect(detail).toContainText(owner.email);
    await expect(detail.getByRole('table', { name: 'Servicios de la tarea' })).toContainText('Bodega');
    await expect(detail).toContainText(/contraseña/i);
    await detail.getByRole('button', { name: 'Cerrar' }).click();

    await table.getByRole('row').nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Reintentar seleccionadas' }).click();
    await expect(page.getByText('Se inició 1 tarea nueva.')).toBeVisible();
    await page.getByLabel('Con servicios en estado').selectOption('');
    await expect(table.getByRole('row')).toHaveCount(3);
  });

  test('un superusuario da una contraseña temporal, que se ve una vez y obliga a cambiarla al entrar', async ({
    browser,
    page,
    seed,
  }) => {
    const { token } = await seed.userWithCredential({ superuser: true });
    const target = await seed.userWithCredential();
    await signInWithToken(page, token);
    await page.goto('/admin');
    await page.getByLabel('Buscar por').selectOption('email');
    await page.getByLabel('Buscar', { exact: true }).fill(target.email);
    const row = page
      .getByRole('table', { name: 'Usuarios' })
      .getByRole('row')
      .filter({ hasText: target.email });
    await row.getByRole('button', { name: 'Contraseña temporal' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Generar contraseña' }).click();
    const temporal = (await dialog.getByTestId('temporal-password').textContent()) ?? '';
    expect(temporal).toHaveLength(16);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(page.getByTestId('temporal-password')).toHaveCount(0);

    const context = await browser.newContext();
    const other = await context.newPage();
    await other.goto('/login');
    await other.getByLabel('Correo electrónico').fill(target.email);
    await other.getByLabel('Contraseña', { exact: true }).fill(temporal);
    await other.getByRole('button', { name: 'Iniciar sesión' }).click();
    const change = other.getByRole('dialog', { name: 'Cambia tu contraseña temporal' });
    await expect(change).toBeVisible();
    await change.getByLabel('Contraseña actual').fill(temporal);
    await change.getByLabel('Nueva contraseña').fill('Mi-Clave-Nueva-2025');
    await change.getByLabel('Confirma la contraseña').fill('Mi-Clave-Nueva-2025');
    await change.getByRole('button', { name: 'Guardar' }).click();
    await expect(change).toHaveCount(0);
    // Only then does the rest of the product load (the API refused it with 428 until now).
    await expect(other.getByRole('main')).toBeVisible();
    await expect(other.getByRole('alert')).toHaveCount(0);
    await context.close();
  });
});

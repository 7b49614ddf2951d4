import { expect, replicaAccount, SHORT_HISTORY_MONTHS, signInWithToken, test } from '../fixtures';

test('el modal de bienvenida vincula la primera cuenta de CFE, el contenido aparece sin recargar y sus servicios se importan', async ({
  page,
  seed,
  request,
}) => {
  const user = await seed.activeUser();
  // A portal account of this test's own with six services, a few months each: the import syncs
  // them in the background, and their history is not what this tests.
  const portalUser = await replicaAccount(request, 6, { historyMonths: SHORT_HISTORY_MONTHS });
  await signInWithToken(page, user.token);
  await page.goto('/rpus/');
  const dialog = page.getByRole('dialog', { name: 'Bienvenido a Luz' });
  await expect(dialog).toBeVisible();
  // A mark on this page: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await dialog.getByRole('button', { name: 'Vincular cuenta' }).click();
  await expect(dialog.getByText('Este campo es obligatorio').first()).toBeVisible();
  await dialog.getByLabel('Usuario del portal de CFE').fill(portalUser);
  await dialog.getByLabel('Contraseña del portal de CFE').fill('Demo-2024');
  await dialog.getByLabel('Nombre para identificarla').fill('Empresa principal');
  await dialog.getByRole('button', { name: 'Vincular cuenta' }).click();

  // The toast first: it stays 4.5 s, which the waits below could outlast on a loaded machine.
  await expect(page.getByText('Cuenta de CFE vinculada')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Servicios', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
  await expect(page.getByText('Estamos importando los servicios de tu cuenta de CFE')).toBeVisible();
  // The portal account's six services arrive in the list without a reload, from the sync events.
  const rows = page.getByRole('table', { name: 'Servicios de CFE' }).getByRole('row');
  await expect(rows).toHaveCount(7, { timeout: 60_000 });
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );

  // The new account is the one offered when adding a service.
  await page.getByRole('button', { name: 'Agregar servicio' }).first().click();
  await expect(
    page.getByRole('dialog', { name: 'Agregar servicio' }).getByLabel('Cuenta de CFE'),
  ).toHaveValue(/[0-9a-f-]{36}/);

  const me = await request.get('/api/v1/users/me', seed.authorized(user.token));
  expect((await me.json()).has_credentials).toBe(true);
  const credentials = await (
    await request.get('/api/v1/credentials/all', seed.authorized(user.token))
  ).text();
  expect(credentials).toContain(portalUser);
  expect(credentials).not.toContain('Demo-2024');
});

test('un superusuario sin cuenta de CFE abre la consola de administración; el resto de la aplicación le pide vincular una', async ({
  page,
  seed,
}) => {
  const superuser = await seed.superuser();
  await signInWithToken(page, superuser.token);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Administración', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Bienvenido a Luz' })).toHaveCount(0);

  await page.goto('/rpus/');
  await expect(page.getByRole('dialog', { name: 'Bienvenido a Luz' })).toBeVisible();
});

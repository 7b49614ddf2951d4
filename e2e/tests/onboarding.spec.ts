import { expect, signInWithToken, test } from '../fixtures';

test('el modal de bienvenida vincula la primera cuenta de CFE y el contenido aparece sin recargar', async ({
  page,
  seed,
  request,
}) => {
  const user = await seed.activeUser();
  await signInWithToken(page, user.token);
  await page.goto('/rpus/');
  const dialog = page.getByRole('dialog', { name: 'Bienvenido a Luz' });
  await expect(dialog).toBeVisible();
  // A mark on this page: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await dialog.getByRole('button', { name: 'Vincular cuenta' }).click();
  await expect(dialog.getByText('Este campo es obligatorio').first()).toBeVisible();
  await dialog.getByLabel('Usuario del portal de CFE').fill('compras@empresa.mx');
  await dialog.getByLabel('Contraseña del portal de CFE').fill('clave-secreta-del-portal');
  await dialog.getByLabel('Nombre para identificarla').fill('Empresa principal');
  await dialog.getByRole('button', { name: 'Vincular cuenta' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Servicios', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
  await expect(page.getByText('Cuenta de CFE vinculada')).toBeVisible();
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
  expect(credentials).toContain('compras@empresa.mx');
  expect(credentials).not.toContain('clave-secreta-del-portal');
});

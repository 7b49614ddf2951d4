import { expect, signInWithToken, test } from '../fixtures';

/** Regressions found by the QA pass over the layout (phone sizes, keyboard, console). */

const phone = { width: 390, height: 844 };

const pageScrollsSideways = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test.describe('en un teléfono', () => {
  test.use({ viewport: phone });

  test('la página no se desplaza de lado y el menú lleva la cuenta y la salida', async ({ page, seed }) => {
    const user = await seed.userWithCredential();
    await signInWithToken(page, user.token);
    for (const path of ['/rpus/', '/settings?tab=3']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await pageScrollsSideways(page), path).toBe(false);
    }

    const menuButton = page.getByRole('button', { name: 'Abrir menú' });
    const navigation = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(navigation).toBeHidden();
    await menuButton.click();
    await expect(navigation).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Descargas' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(navigation).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await page.getByTestId('menu-backdrop').click({ position: { x: 360, y: 400 } });
    await expect(navigation).toBeHidden();

    await menuButton.click();
    await navigation.getByRole('link', { name: 'Servicios' }).click();
    await expect(page).toHaveURL(/\/rpus\/$/);
    await expect(navigation).toBeHidden();

    await menuButton.click();
    await navigation.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('cerrar un diálogo devuelve el foco al botón que lo abrió', async ({ page, seed }) => {
  const user = await seed.userWithCredential();
  await signInWithToken(page, user.token);
  await page.goto('/rpus/');
  const add = page.getByRole('button', { name: 'Agregar servicio' }).first();
  await add.click();
  await expect(page.getByRole('dialog', { name: 'Agregar servicio' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(add).toBeFocused();
});

test('el uso normal no deja errores en la consola', async ({ page, seed }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
  const user = await seed.userWithCredential();
  await signInWithToken(page, user.token);
  for (const path of ['/rpus/', '/settings?tab=0', '/settings?tab=4', '/subscription']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(problems).toEqual([]);
});

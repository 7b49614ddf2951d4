import { addCredential } from '../console-helpers';
import { expect, signInWithToken, test } from '../fixtures';

test.describe('administración', () => {
  test('un usuario normal no llega a /admin ni ve el enlace, y nunca llama a la API de administración', async ({
    page,
    seed,
  }) => {
    const user = await seed.signup();
    const adminCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/api\/v1\/(users\/$|rpus\/admin|tasks\/(logs|stats|admin|retry)|webhooks\/admin)/.test(path))
        adminCalls.push(path);
    });
    await signInWithToken(page, user.token);
    await page.goto('/admin?tab=1');
    await expect(page).not.toHaveURL(/\/admin/);
    await expect(page.getByRole('link', { name: 'Administración' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Administración' })).toHaveCount(0);
    expect(adminCalls).toEqual([]);
    // The session is still there: nothing answered 401/403.
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBe(user.token);
  });

  test('un superusuario filtra usuarios por empresa, correo y nombre; la URL guarda el filtro', async ({
    page,
    seed,
    request,
  }) => {
    const token = await seed.superuserToken();
    await addCredential(request, token);
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
});

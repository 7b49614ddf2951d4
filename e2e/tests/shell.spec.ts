import { expect, test } from '../fixtures';

test('una ruta desconocida muestra la pantalla 404', async ({ page }) => {
  await page.goto('/no-existe/para-nada');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByText('Oops!')).toBeVisible();
  await expect(page.getByText('Página no encontrada')).toBeVisible();
  await page.getByRole('link', { name: 'Regresar al inicio' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('el pie muestra la versión y el enlace "powered by"', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('version-label')).toHaveText('beta-0.3.16');
  const link = page.getByRole('link', { name: 'Luz Energía' });
  await expect(link).toHaveAttribute('href', 'https://luz.example.com');
});

test('la configuración de ejecución dice dónde vive cada remoto', async ({ request }) => {
  const config = await (await request.get('/config.json')).json();
  expect(config.version).toBe('beta-0.3.16');
  for (const remote of ['rpus', 'periods', 'admin', 'settings']) {
    expect(config.remotes[remote]).toBe(`/remotes/${remote}/mf-manifest.json`);
  }
});

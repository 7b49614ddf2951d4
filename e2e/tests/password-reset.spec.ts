import { join } from 'node:path';
import { waitForMail } from '@luz/api/testing/outbox';
import { apiLogin, expect, test } from '../fixtures';

const outboxDir = () => join(process.env.LUZ_E2E_DATA_DIR as string, 'outbox');

test('restablecer la contraseña con el enlace del correo, una sola vez', async ({ page, request, seed }) => {
  const user = await seed.signup();
  await page.goto('/recover-password');
  await page.getByLabel('Correo electrónico').fill(user.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText('Si el correo está registrado')).toBeVisible();

  const mail = await waitForMail(outboxDir(), user.email);
  expect(mail.subject).toBe('Luz: restablece tu contraseña');
  const link = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0] ?? '');
  const resetPath = `${link.pathname}${link.search}`;

  const newPassword = 'otra-Contraseña-456';
  await page.goto(resetPath);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirma la contraseña').fill(newPassword);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Tu contraseña se actualizó')).toBeVisible();

  expect(await apiLogin(request, user.email, newPassword)).toBeTruthy();
  const oldPassword = await request.post('/api/v1/login/access-token', {
    form: { username: user.email, password: user.password },
  });
  expect(oldPassword.status()).toBe(400);

  // The link was spent: using it again is refused with the server's message.
  await page.goto(resetPath);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('tercera-Contraseña-789');
  await page.getByLabel('Confirma la contraseña').fill('tercera-Contraseña-789');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('alert')).toContainText('ya se usó o expiró');
  await expect(page.getByText('Tu contraseña se actualizó')).toHaveCount(0);
});

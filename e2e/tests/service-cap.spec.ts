import type { Page } from '@playwright/test';
import {
  expect,
  finishedTaskStatus,
  holderNameOf,
  replicaAccount,
  SHORT_HISTORY_MONTHS,
  signInWithToken,
  test,
} from '../fixtures';

// Issue 14: CFE reportedly blocks accounts with more than 10 services (PORTAL_SERVICE_CAP, 10 by
// default). Syncing services that would take an account past it asks first, saying why, and
// links them only when the user confirms.

const serviceRow = (page: Page, serviceNumber: string) =>
  page.getByRole('table', { name: 'Servicios de CFE' }).getByRole('row', { name: new RegExp(serviceNumber) });

test('sincronizar servicios que rebasan el límite de la cuenta de CFE pide confirmación y explica el riesgo', async ({
  page,
  seed,
  request,
}) => {
  test.setTimeout(240_000);
  const user = await seed.activeUser();
  // Nine services in the account, imported and synced (a few months each: their history is not
  // what this tests): one more is fine, two are past the cap.
  const portalUser = await replicaAccount(request, 9, { historyMonths: SHORT_HISTORY_MONTHS });
  const credentialId = await seed.addCredential(user.token, { cfe_user: portalUser });
  const imported = await request.post(`/api/v1/credentials/sync/${credentialId}`, {
    ...seed.authorized(user.token),
    data: {},
  });
  expect(imported.status(), await imported.text()).toBe(202);
  expect(await finishedTaskStatus(request, user.token, (await imported.json()).task_id)).toBe(1);
  const stamp = String(Date.now()).slice(-9);
  const numbers = [`58${stamp}1`, `58${stamp}2`];
  for (const [index, serviceNumber] of numbers.entries())
    await seed.addRpu(user.token, {
      service_number: serviceNumber,
      credential_id: credentialId,
      alias: `Sucursal ${index + 1}`,
      holder_name: await holderNameOf(request, serviceNumber),
    });

  await signInWithToken(page, user.token);
  await page.goto('/rpus/?pageSize=25');
  for (const serviceNumber of numbers) await page.getByLabel(`Seleccionar ${serviceNumber}`).check();
  const toolbar = page.getByRole('toolbar', { name: 'Acciones para los servicios seleccionados' });
  await toolbar.getByRole('button', { name: 'Sincronizar', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: '¿Rebasar el límite de servicios de la cuenta de CFE?' });
  await expect(dialog).toContainText('quedaría con 11 servicios y el límite configurado es 10');
  await expect(dialog).toContainText('bloquea de forma permanente las cuentas con más de 10 servicios');
  await dialog.getByRole('button', { name: 'Vincular de todas formas' }).click();
  await expect(dialog).toBeHidden();
  for (const serviceNumber of numbers)
    await expect(serviceRow(page, serviceNumber)).toContainText('Activo', { timeout: 120_000 });
});

import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { type ApiSeed, expect, signInWithToken, test } from '../fixtures';
import { addCredential, importRows } from './rpus-seed';

const table = (page: Page) => page.getByRole('table', { name: 'Servicios de CFE' });
/** The service numbers of the list's rows, in order. */
const listedNumbers = (page: Page) => table(page).locator('tbody tr td:nth-child(2)').allTextContents();

/** A new active user with one credential and these service points, looking at /rpus/. */
async function openListWith(
  { page, seed, request }: { page: Page; seed: ApiSeed; request: APIRequestContext },
  cfeUser: string,
  rows: { service_number: string; alias: string; cfe_user?: string }[],
) {
  const user = await seed.activeUser();
  await addCredential(seed, request, user.token, { cfe_user: cfeUser });
  await importRows(seed, request, user.token, rows);
  await signInWithToken(page, user.token);
  await page.goto('/rpus/');
  await expect.poll(() => listedNumbers(page)).toHaveLength(rows.length);
}

test('crear un servicio, importar un CSV con filas buenas, malas y repetidas, y ver el informe', async ({
  page,
  seed,
  request,
}) => {
  const user = await seed.activeUser();
  await addCredential(seed, request, user.token, { cfe_user: 'compras@aceros.mx', alias: 'Aceros' });
  await signInWithToken(page, user.token);
  // Record what the import's Web Worker does: it must answer, not fail (the page would then read the file itself).
  await page.addInitScript(() => {
    const events: string[] = [];
    Object.assign(window, { __workerEvents: events });
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener('message', () => events.push('message'));
        this.addEventListener('error', () => events.push('error'));
      }
    };
  });
  await page.goto('/rpus/');
  await expect(page.getByRole('heading', { name: 'Todavía no tienes servicios' })).toBeVisible();

  // Create one, with a validation message first.
  await page.getByRole('button', { name: 'Agregar servicio' }).first().click();
  const create = page.getByRole('dialog', { name: 'Agregar servicio' });
  await create.getByLabel('Número de servicio').fill('1234');
  await create.getByRole('button', { name: 'Agregar' }).click();
  await expect(create.getByText('El número de servicio debe tener 12 dígitos.')).toBeVisible();
  await create.getByLabel('Número de servicio').fill('5001 0000 0001');
  await create.getByLabel('Alias (opcional)').fill('Almacén Central');
  await create.getByRole('button', { name: 'Agregar' }).click();
  await expect(create).toBeHidden();
  await expect(table(page).getByRole('row', { name: /500100000001/ })).toContainText('Almacén Central');
  await expect(table(page).getByRole('row', { name: /500100000001/ })).toContainText('compras@aceros.mx');

  // Import: two good rows, two bad ones, one repeated in the file, one the user already has.
  const csv = [
    'Número de servicio,Alias,Usuario de CFE,Último pago',
    '5001 0000 0002,Planta Norte,compras@aceros.mx,"1,520.50"',
    '500100000003,Bodega Sur,,',
    '123,Corto,,',
    '500100000004,Ajena,otra@cuenta.mx,',
    '500100000002,Repetida,,',
    '500100000001,Ya existía,,',
  ].join('\r\n');
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar servicios' });
  await dialog.getByLabel('Archivo CSV o Excel').setInputFiles({
    name: 'servicios.csv',
    mimeType: 'text/csv',
    buffer: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, 'utf8')]),
  });
  await expect(dialog.getByRole('heading', { name: '3 filas no se importarán' })).toBeVisible();
  const dropped = dialog.getByRole('table', { name: 'Filas que no se importarán y su motivo' });
  await expect(dropped.getByRole('row', { name: /Corto/ })).toContainText(
    'El número de servicio debe tener 12 dígitos.',
  );
  await expect(dropped.getByRole('row', { name: /Ajena/ })).toContainText(
    'No tienes una cuenta de CFE con el usuario «otra@cuenta.mx».',
  );
  await expect(dropped.getByRole('row', { name: /Repetida/ })).toContainText('ya está en la fila 2');
  await expect(dialog.getByRole('heading', { name: '3 servicios por importar' })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { __workerEvents: string[] }).__workerEvents),
  ).toEqual(['message']);

  await dialog.getByRole('button', { name: 'Importar 3 servicios' }).click();
  await expect(page.getByRole('dialog', { name: 'Resultado de la importación' })).toBeVisible();
  const result = page.getByRole('dialog', { name: 'Resultado de la importación' });
  await expect(result.getByText('Creados: 2 · Duplicados: 1 · Con errores: 0')).toBeVisible();
  await expect(result.getByRole('row', { name: /500100000001/ })).toContainText(
    'Ya tienes este número de servicio.',
  );
  await result.getByRole('button', { name: 'Listo' }).click();

  await expect.poll(() => listedNumbers(page)).toHaveLength(3);
  await expect(table(page).getByRole('row', { name: /500100000003/ })).toContainText('Sin nombre');
  await expect(table(page).getByRole('row', { name: /500100000002/ })).toContainText('Inactivo');
});

test('filtrar por cada filterBy, con el estado en la URL', async ({ page, seed, request }) => {
  const user = await seed.activeUser();
  const aceros = await addCredential(seed, request, user.token, {
    cfe_user: 'compras@aceros.mx',
    alias: 'Aceros',
  });
  await addCredential(seed, request, user.token, { cfe_user: 'planta@textil.mx', alias: 'Textil' });
  await importRows(seed, request, user.token, [
    { service_number: '600100000001', alias: 'Almacén Mérida', cfe_user: 'compras@aceros.mx' },
    { service_number: '600100000002', alias: 'Oficinas', cfe_user: 'compras@aceros.mx' },
    { service_number: '600200000003', alias: 'Telar', cfe_user: 'planta@textil.mx' },
    { service_number: '700100000004', alias: 'Sin cuenta' },
  ]);
  await signInWithToken(page, user.token);
  await page.goto('/rpus/');
  await expect.poll(() => listedNumbers(page)).toHaveLength(4);
  const filterBy = page.getByLabel('Buscar por');

  await filterBy.selectOption({ label: 'Alias' });
  await page.getByLabel('Buscar', { exact: true }).fill('merida');
  await expect(page).toHaveURL(/filterBy=alias/);
  await expect(page).toHaveURL(/search=merida/);
  await expect.poll(() => listedNumbers(page)).toEqual(['600100000001']);

  await filterBy.selectOption({ label: 'Número de servicio' });
  await page.getByLabel('Buscar', { exact: true }).fill('6001');
  await expect.poll(() => listedNumbers(page)).toEqual(['600100000001', '600100000002']);

  await filterBy.selectOption({ label: 'Usuario de CFE (correo)' });
  await page.getByLabel('Buscar', { exact: true }).fill('textil');
  await expect.poll(() => listedNumbers(page)).toEqual(['600200000003']);

  await filterBy.selectOption({ label: 'Cuenta de CFE' });
  await expect(page.getByText('Elige una cuenta de CFE para filtrar por cuenta.')).toBeVisible();
  await page
    .getByLabel('Cuenta de CFE', { exact: true })
    .selectOption({ label: 'Aceros (compras@aceros.mx)' });
  await expect(page).toHaveURL(new RegExp(`credentialId=${aceros}`));
  await expect.poll(() => listedNumbers(page)).toEqual(['600100000001', '600100000002']);

  await filterBy.selectOption({ label: 'Con cuenta de CFE' });
  await expect.poll(() => listedNumbers(page)).toHaveLength(3);

  // Status on top of the filter, then a reload: the URL restores everything.
  await page.getByLabel('Estado').selectOption({ label: 'Inactivo' });
  await page.reload();
  await expect(page.getByLabel('Buscar por')).toHaveValue('withCredential');
  await expect(page.getByLabel('Estado')).toHaveValue('0');
  await expect.poll(() => listedNumbers(page)).toHaveLength(3);

  await page.getByRole('button', { name: 'Limpiar filtros' }).click();
  await expect.poll(() => listedNumbers(page)).toHaveLength(4);
});

test('paginar y recargar conserva la página y el tamaño', async ({ page, seed, request }) => {
  const user = await seed.activeUser();
  await importRows(
    seed,
    request,
    user.token,
    Array.from({ length: 25 }, (_, index) => ({
      service_number: `8001000000${String(index).padStart(2, '0')}`,
      alias: `Sucursal ${index}`,
    })),
  );
  await addCredential(seed, request, user.token, { cfe_user: 'paginas@cfe.test' });
  await signInWithToken(page, user.token);
  await page.goto('/rpus/');
  await expect(page.getByText('1–10 de 25')).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(/page=2/);
  // One import shares its creation time: the list orders those by service number.
  const secondPage = Array.from({ length: 10 }, (_, index) => `8001000000${index + 10}`);
  await expect(page.getByText('11–20 de 25')).toBeVisible();
  await expect.poll(() => listedNumbers(page)).toEqual(secondPage);

  await page.reload();
  await expect(page.getByText('11–20 de 25')).toBeVisible();
  await expect(page.getByText('Página 2 de 3')).toBeVisible();
  await expect.poll(() => listedNumbers(page)).toEqual(secondPage);

  // A new page size becomes the stored preference (spec §2), so the URL needs no pageSize for it.
  await page.getByLabel('Filas por página').selectOption('25');
  await expect(page.getByText('1–25 de 25')).toBeVisible();
  await expect(page).not.toHaveURL(/page=/);
  await page.reload();
  await expect(page.getByText('1–25 de 25')).toBeVisible();
  await page.goto('/rpus/?pageSize=10&page=3');
  await expect(page.getByText('21–25 de 25')).toBeVisible();
});

test('acciones masivas: descarga automática, eliminar con confirmación y descargar el CSV', async ({
  page,
  seed,
  request,
}) => {
  await openListWith({ page, seed, request }, 'masivo@cfe.test', [
    { service_number: '900100000001', alias: 'Uno', cfe_user: 'masivo@cfe.test' },
    { service_number: '900100000002', alias: 'Dos', cfe_user: 'masivo@cfe.test' },
    { service_number: '900100000003', alias: 'Tres', cfe_user: 'masivo@cfe.test' },
  ]);

  await page.getByLabel('Seleccionar 900100000001').check();
  await page.getByLabel('Seleccionar 900100000002').check();
  const toolbar = page.getByRole('toolbar', { name: 'Acciones para los servicios seleccionados' });
  await expect(toolbar).toContainText('2 seleccionados');
  await toolbar.getByRole('button', { name: 'Activar descarga automática', exact: true }).click();
  await expect(page.getByText('Se actualizaron 2 servicios.')).toBeVisible();
  await page.getByLabel('Descarga automática').selectOption({ label: 'Sí' });
  await expect.poll(() => listedNumbers(page)).toEqual(['900100000001', '900100000002']);
  await page.getByLabel('Descarga automática').selectOption({ label: 'Todos' });
  await expect.poll(() => listedNumbers(page)).toHaveLength(3);

  // Delete: cancel first (nothing happens), then confirm.
  await page.getByLabel('Seleccionar 900100000003').check();
  await toolbar.getByRole('button', { name: 'Eliminar', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: '¿Eliminar 1 servicio?' });
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect.poll(() => listedNumbers(page)).toHaveLength(3);
  await toolbar.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await page
    .getByRole('dialog', { name: '¿Eliminar 1 servicio?' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(page.getByText('Se eliminó 1 servicio.')).toBeVisible();
  await expect.poll(() => listedNumbers(page)).toEqual(['900100000001', '900100000002']);

  // CSV of the list: UTF-8 with BOM, Spanish headers.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^servicios-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]).toContain('Número de servicio,Alias,Estado,Usuario de CFE,Descarga automática');
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['900100000001', '900100000002']);
  expect(lines[2]).toContain('900100000002,Dos,Inactivo,masivo@cfe.test,Sí,No');
});

test('sincronizar un servicio y varios a la vez; los estados siguen a la sincronización, y la lista que se actualiza sigue respondiendo', async ({
  page,
  seed,
  request,
}) => {
  await openListWith({ page, seed, request }, 'sincroniza@cfe.test', [
    { service_number: '910100000001', alias: 'Solo', cfe_user: 'sincroniza@cfe.test' },
    { service_number: '910100000002', alias: 'Lote A', cfe_user: 'sincroniza@cfe.test' },
    { service_number: '910100000003', alias: 'Lote B', cfe_user: 'sincroniza@cfe.test' },
    { service_number: '910100000004', alias: 'Sin cuenta' },
  ]);

  // The list's reads after the sync wait until the test lets them through: meanwhile its rows
  // answer clicks. A table covered while it refreshed took the click meant for a row's action,
  // and sync events refresh it every few seconds.
  let releaseReads = () => {};
  const readsReleased = new Promise<void>((resolve) => {
    releaseReads = resolve;
  });
  let heldReads = 0;
  await page.route(/\/api\/v1\/rpus\/\?/, async (route) => {
    heldReads += 1;
    await readsReleased;
    await route.continue();
  });
  const solo = table(page).getByRole('row', { name: /910100000001/ });
  await solo.getByRole('button', { name: 'Sincronizar' }).click();
  await expect(page.getByText('Se inició la sincronización de 1 servicio.')).toBeVisible();
  await expect.poll(() => heldReads).toBeGreaterThan(0);
  await solo.getByRole('button', { name: 'Editar el servicio 910100000001' }).click({ timeout: 5_000 });
  await expect(page.getByRole('dialog', { name: 'Editar servicio' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Editar servicio' })).toBeHidden();
  // A held read that the page replaced by a newer one was answered when it was aborted.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  releaseReads();
  await expect(
    table(page)
      .getByRole('row', { name: /910100000004/ })
      .getByRole('button', { name: 'Sincronizar' }),
  ).toBeDisabled();

  for (const number of ['910100000002', '910100000003', '910100000004']) {
    await page.getByLabel(`Seleccionar ${number}`).check();
  }
  await page
    .getByRole('toolbar', { name: 'Acciones para los servicios seleccionados' })
    .getByRole('button', { name: 'Sincronizar', exact: true })
    .click();
  await expect(page.getByText('Se inició la sincronización de 2 servicios.')).toBeVisible();
  await expect(page.getByText('1 servicio no tiene cuenta de CFE y no se sincronizó.')).toBeVisible();

  // The replica of CFE's pages does not know this account: each sync ends refused, and the list shows
  // the final status live, without a reload; the service point without an account stays as it was.
  for (const number of ['910100000001', '910100000002', '910100000003'])
    await expect(table(page).getByRole('row', { name: new RegExp(number) })).toContainText(
      'Credenciales incorrectas',
      { timeout: 60_000 },
    );
  await expect(table(page).getByRole('row', { name: /910100000004/ })).toContainText('Sin nombre');
});

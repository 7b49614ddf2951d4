import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import yauzl from 'yauzl';
import { type ApiSeed, demoAccount, expect, signInWithToken, taskOf, test } from '../fixtures';

// The periods and downloads screens on data the real sync engine fetched from the bundled
// replica of CFE's pages (an account of six services, docs/cfe-replica.md), synced once by the setup
// project for every spec of the `periodos` project: these tests only read it.

type Period = {
  period_id: string;
  rpu_id: string;
  service_number: string;
  alias: string;
  initial_date: string;
  final_date: string;
  has_pdf: boolean;
  has_xml: boolean;
  companions: { series: string; folio: string }[];
};

async function periodsOf(
  request: APIRequestContext,
  seed: ApiSeed,
  token: string,
  query: Record<string, string>,
) {
  const response = await request.get(
    `/api/v1/periods/all?${new URLSearchParams({ page_size: '500', ...query })}`,
    {
      ...seed.authorized(token),
    },
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as { data: Period[]; count: number };
}

/** Entry names of a ZIP, read from its central directory by yauzl. */
function zipEntries(path: string): Promise<{ name: string; stored: boolean }[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: { name: string; stored: boolean }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push({ name: entry.fileName, stored: entry.compressionMethod === 0 });
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const spanish = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

test('tras sincronizar: filtrar por servicio y por fechas, descargar el ZIP y el CSV', async ({
  page,
  seed,
  request,
}) => {
  const { user } = await demoAccount();

  // The service point with most periods, and a range that keeps its latest three.
  const all = await periodsOf(request, seed, user.token, {});
  expect(all.count).toBeGreaterThan(10);
  const counts = new Map<string, number>();
  for (const period of all.data) counts.set(period.rpu_id, (counts.get(period.rpu_id) ?? 0) + 1);
  const [rpuId] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] as [string, number];
  const ofRpu = (await periodsOf(request, seed, user.token, { rpu_id: rpuId })).data;
  const newest = ofRpu[0] as Period;
  const third = ofRpu[2] as Period;
  const expected = (
    await periodsOf(request, seed, user.token, {
      rpu_id: rpuId,
      initial_date: third.final_date,
      final_date: newest.final_date,
    })
  ).data;
  expect(expected.length).toBe(3);

  await signInWithToken(page, user.token);
  await page.goto('/periods');
  await expect(page.getByRole('heading', { name: 'Periodos', level: 1 })).toBeVisible();
  await expect(page.getByText(`1–10 de ${all.count}`)).toBeVisible();
  await expect(page.getByTestId('periods-chart').getByRole('img')).toBeVisible();

  // By service point: its periods only.
  await page.getByLabel('Filtrar por').selectOption('rpu');
  // Imported services carry their alias from Mi Espacio: the option reads "number · alias".
  await page.getByLabel('Servicio', { exact: true }).selectOption(rpuId);
  await expect(page).toHaveURL(new RegExp(`filterBy=rpu.*rpuId=${rpuId}`));
  await expect(page.getByText(`de ${ofRpu.length}`)).toBeVisible();

  // And by a range of final dates, typed dd/MM/yyyy, kept yyyy-MM-dd in the URL.
  await page.getByLabel('Desde (fecha final)').fill(spanish(third.final_date));
  await page.getByLabel('Hasta (fecha final)').fill(spanish(newest.final_date));
  await page.getByLabel('Hasta (fecha final)').press('Enter');
  await expect(page).toHaveURL(new RegExp(`finalDate=${newest.final_date}.*initialDate=${third.final_date}`));
  await expect(page.getByText('1–3 de 3')).toBeVisible();
  const rows = page.getByRole('table', { name: 'Periodos de facturación' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText(`${spanish(newest.initial_date)} – ${spanish(newest.final_date)}`);
  await expect(rows.first()).toContainText('$');

  // A reload keeps the filters.
  await page.reload();
  await expect(page.getByText('1–3 de 3')).toBeVisible();
  await expect(page.getByLabel('Desde (fecha final)')).toHaveValue(spanish(third.final_date));

  // ZIP of everything filtered (PDF and XML): one folder for the service point, files by date.
  await expect(page.getByText('Se descargarán los 3 periodos filtrados.')).toBeVisible();
  const zipDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar ZIP' }).click();
  const zip = await zipDownload;
  expect(zip.suggestedFilename()).toMatch(/^periodos-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = await zipEntries((await zip.path()) as string);
  const folder = newest.alias ? `${newest.service_number} - ${newest.alias}` : newest.service_number;
  // The receipt's PDF and XML, then its complementary invoices (XML), if any.
  const names = [...expected].reverse().flatMap((period) => {
    const base = `${folder}/${period.service_number}_${period.initial_date}_${period.final_date}`;
    return [
      ...[period.has_pdf ? 'pdf' : null, period.has_xml ? 'xml' : null]
        .filter((kind) => kind !== null)
        .map((kind) => `${base}.${kind}`),
      ...period.companions.map(
        (companion) => `${base}_complementaria_${companion.series}-${companion.folio}.xml`,
      ),
    ];
  });
  expect(entries.map((entry) => entry.name)).toEqual(names);
  expect(entries.every((entry) => entry.stored)).toBe(true);

  // Only the PDFs of two selected periods.
  await page.getByLabel('Documentos', { exact: true }).selectOption({ label: 'PDF' });
  await page.getByRole('checkbox', { name: new RegExp(`${spanish(newest.initial_date)} – `) }).check();
  await page.getByRole('checkbox', { name: new RegExp(`${spanish(third.initial_date)} – `) }).check();
  await expect(page.getByText('Se descargarán los 2 periodos seleccionados.')).toBeVisible();
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar ZIP' }).click();
  const pdfEntries = await zipEntries((await (await pdfDownload).path()) as string);
  expect(pdfEntries.map((entry) => entry.name)).toEqual([
    `${folder}/${third.service_number}_${third.initial_date}_${third.final_date}.pdf`,
    `${folder}/${newest.service_number}_${newest.initial_date}_${newest.final_date}.pdf`,
  ]);
  await page.getByRole('button', { name: 'Quitar selección' }).click();

  // CSV of the filtered periods: UTF-8 with BOM, Spanish headers and dates.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^periodos-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await csv.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe(
    'Número de servicio,Alias,Fecha inicial,Fecha final,Importe (MXN),Consumo (kWh),Tarifa,UUID del CFDI,PDF,XML,Serie,Folio,Fecha límite de pago,Total a pagar (MXN),Titular',
  );
  expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual(
    expected.map(
      (period) =>
        `${period.service_number},${period.alias},${spanish(period.initial_date)},${spanish(period.final_date)}`,
    ),
  );
});

test('/downloads: la tarea de hoy y, con taskId, sus servicios y los periodos que encontró', async ({
  page,
  seed,
  request,
}) => {
  const { user, taskId } = await demoAccount();
  // The list groups by the browser's day, and the setup project synced minutes ago, maybe before
  // midnight in Mexico City: the browser's clock starts at the sync's own time, so it is today's.
  const task = await taskOf(request, user.token, taskId);
  await page.clock.install({ time: new Date(task?.created_at as string) });
  await signInWithToken(page, user.token);

  await page.goto('/downloads');
  const today = page.getByRole('region', { name: 'Hoy' });
  // The account's sync (the shared account may also have a payment-history sync of the cfdi spec).
  const sync = today.getByTestId('task-item').filter({ hasText: 'Carga masiva de servicios' });
  await expect(sync).toHaveCount(1);
  // The row names its CFE account (issue 15): with four accounts, one can tell which sync it was.
  await expect(sync.getByText('Cuenta de CFE «Empresa demo»')).toBeVisible();
  const detailLink = sync.getByRole('link', { name: /^Ver detalle de Cuenta de CFE «Empresa demo» de las/ });
  await expect(detailLink).toBeVisible();
  await expect(sync).toContainText('Éxito');
  await detailLink.click();
  await expect(page).toHaveURL(new RegExp(`/downloads\\?taskId=${taskId}`));

  // Straight from a link too.
  await page.goto(`/downloads?taskId=${taskId}`);
  const detail = page.getByTestId('task-detail');
  await expect(detail.getByRole('heading', { level: 2, name: 'Cuenta de CFE «Empresa demo»' })).toBeVisible();
  await expect(detail).toContainText('Carga masiva de servicios');
  const associations = await (
    await request.get(`/api/v1/tasks/task-associations/${taskId}`, seed.authorized(user.token))
  ).json();
  expect(associations.count).toBeGreaterThan(1);
  const found = associations.data.find(
    (association: { periods_count: number }) => association.periods_count > 0,
  ) as { service_number: string; periods_count: number };
  await expect(detail.getByTestId('task-association')).toHaveCount(associations.count);
  const withPeriods = detail.getByRole('region', { name: found.service_number });
  await expect(withPeriods.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(withPeriods).toContainText('Éxito');
  await withPeriods.getByRole('button', { name: 'Ver periodos' }).click();
  await expect(
    withPeriods.getByText(`Se descargarán los ${found.periods_count} periodos que encontró.`),
  ).toBeVisible();
  const table = withPeriods.getByRole('table');
  await expect(table.locator('tbody tr').first()).toContainText('$');
  await expect(table.getByRole('button', { name: /^Ver PDF: recibo de/ }).first()).toBeVisible();

  // Downloadable from there: a ZIP of what this service point found.
  const download = page.waitForEvent('download');
  await withPeriods.getByRole('button', { name: 'Descargar ZIP' }).click();
  const entries = await zipEntries((await (await download).path()) as string);
  expect(entries.length).toBeGreaterThan(0);
  expect(
    entries.every((entry) =>
      /\/\d{12}_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}(\.pdf|\.xml|_complementaria_[A-Z0-9]{2}-\d{12}\.xml)$/.test(
        entry.name,
      ),
    ),
  ).toBe(true);

  await detail.getByRole('link', { name: 'Volver a la lista' }).click();
  await expect(page).toHaveURL(/\/downloads$/);
});

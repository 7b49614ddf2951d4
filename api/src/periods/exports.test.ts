import { parse as parseDisposition } from 'content-disposition';
import type { DocumentStorage } from '../storage';
import { createS3DocumentStorage } from '../storage/s3-storage';
import { bearer } from '../testing/fixtures';
import {
  localStorageOf,
  type PeriodsWorld,
  type SeededPeriod,
  sampleDocument,
  seedPeriod,
  seedPeriodsWorldIn,
  seedRpu,
} from '../testing/periods-fixtures';
import { readZip } from '../testing/read-zip';
import { startS3Server, type TestS3Server } from '../testing/s3-server';
import { createTestApp, type TestApp } from '../testing/test-app';
import { type SelectedDocument, selectedDocuments } from './service';

/** Every batch's documents, in order. */
async function allOf(batches: AsyncIterable<SelectedDocument[]>) {
  const all: SelectedDocument[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}

/** What an archive must hold: `folder/name` → bytes, for the given periods and kinds. */
function expectedEntries(
  periods: { period: SeededPeriod; folder: string; name: string }[],
  kinds: readonly ('pdf' | 'xml')[],
) {
  const entries: { name: string; data: Buffer }[] = [];
  for (const { period, folder, name } of periods) {
    for (const document of period.documents) {
      if (kinds.includes(document.kind))
        entries.push({ name: `${folder}/${name}.${document.kind}`, data: document.body });
    }
  }
  return entries;
}

const centroFolder = '123456789012 - Oficina Centro';
// The "/" of the alias cannot be a folder separator.
const norteFolder = '012345678901 - Bodega Norte';

/** The owner's documents in the order of the archive: by service number, then date, PDF before XML. */
const archiveOrder = (world: PeriodsWorld) => [
  { period: world.periods.norteDecJan, folder: norteFolder, name: '012345678901_2023-12-01_2024-01-31' },
  { period: world.periods.norteFebMar, folder: norteFolder, name: '012345678901_2024-02-01_2024-03-31' },
  { period: world.periods.centroJan, folder: centroFolder, name: '123456789012_2024-01-01_2024-01-31' },
  { period: world.periods.centroFeb, folder: centroFolder, name: '123456789012_2024-02-01_2024-02-29' },
  { period: world.periods.centroMar, folder: centroFolder, name: '123456789012_2024-03-01_2024-03-31' },
];

/** The ZIP and CSV endpoints against one storage adapter. */
function exportsSuite(
  setup: () => Promise<{ t: TestApp; storage: DocumentStorage; close?: () => Promise<void> }>,
) {
  let t: TestApp;
  let storage: DocumentStorage;
  let world: PeriodsWorld;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ t, storage, close } = await setup());
    world = await seedPeriodsWorldIn(t, storage);
  });
  afterAll(async () => {
    await t.close();
    await close?.();
  });

  const post = (url: string, payload: object, token = world.owner.token) =>
    t.app.inject({ method: 'POST', url: `/api/v1/periods/${url}`, payload, headers: bearer(token) });

  describe('POST /periods/zip', () => {
    test.each([
      ['all (-1)', -1, ['pdf', 'xml'] as const],
      ['PDF (0)', 0, ['pdf'] as const],
      ['XML (1)', 1, ['xml'] as const],
    ])(
      'download type %s: one folder per service point, files named by dates, bytes intact, stored',
      async (_label, downloadType, kinds) => {
        const response = await post('zip', { download_type: downloadType });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/zip');
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
        const disposition = parseDisposition(String(response.headers['content-disposition']));
        expect(disposition.type).toBe('attachment');
        expect(disposition.parameters.filename).toMatch(/^periodos-\d{4}-\d{2}-\d{2}\.zip$/);

        const entries = await readZip(response.rawPayload);
        const expected = expectedEntries(archiveOrder(world), kinds);
        expect(entries.map((entry) => entry.name)).toEqual(expected.map((entry) => entry.name));
        entries.forEach((entry, index) => {
          expect(entry.compressionMethod).toBe(0);
          expect(entry.data.equals(expected[index]?.data as Buffer)).toBe(true);
        });
      },
    );

    test('the metadata read one service point per query is what one query reads, in the same order', async () => {
      for (const kind of [null, 'xml'] as const) {
        const atOnce = await allOf(selectedDocuments(t.db, world.owner.id, {}, kind));
        const perServicePoint = await allOf(selectedDocuments(t.db, world.owner.id, {}, kind, 1));
        expect(perServicePoint).toEqual(atOnce);
        const expected = expectedEntries(archiveOrder(world), kind ? [kind] : ['pdf', 'xml']);
        expect(perServicePoint).toHaveLength(expected.length);
      }
      expect(
        (await allOf(selectedDocuments(t.db, world.owner.id, {}, null, 1))).map(
          (document) => document.serviceNumber,
        ),
      ).toEqual(
        archiveOrder(world).flatMap(({ period, name }) => period.documents.map(() => name.slice(0, 12))),
      );
    });

    test('download type defaults to all; selected periods only; filters narrow the rest', async () => {
      const selected = await post('zip', {
        period_ids: [world.periods.centroFeb.periodId, world.periods.norteFebMar.periodId],
      });
      expect(selected.statusCode).toBe(200);
      expect((await readZip(selected.rawPayload)).map((entry) => entry.name)).toEqual([
        `${norteFolder}/012345678901_2024-02-01_2024-03-31.pdf`,
        `${centroFolder}/123456789012_2024-02-01_2024-02-29.pdf`,
        `${centroFolder}/123456789012_2024-02-01_2024-02-29.xml`,
      ]);

      const filtered = await post('zip', {
        download_type: 0,
        credential_id: world.credentials.main,
        initial_date: '2024-02-01',
        final_date: '2024-02-29',
      });
      expect((await readZip(filtered.rawPayload)).map((entry) => entry.name)).toEqual([
        `${centroFolder}/123456789012_2024-02-01_2024-02-29.pdf`,
      ]);
    });

    test('nothing to download is a 404 with a message; bad requests are 422', async () => {
      const noXml = await post('zip', { download_type: 1, period_ids: [world.periods.norteFebMar.periodId] });
      expect(noXml.statusCode).toBe(404);
      expect(noXml.json()).toEqual({
        detail: 'No hay documentos para descargar con esta selección',
        code: 'not_found',
      });
      const badType = await post('zip', { download_type: 2 });
      expect(badType.statusCode).toBe(422);
      expect(badType.json().detail[0].loc).toEqual(['body', 'download_type']);
      expect((await post('zip', { period_ids: [] })).statusCode).toBe(422);
      expect((await post('zip', { initial_date: '2024-05-01', final_date: '2024-01-01' })).statusCode).toBe(
        422,
      );
    });

    test('tenancy: another user’s periods are never in an archive', async () => {
      const foreign = await post('zip', { period_ids: [world.periods.strangers.periodId] });
      expect(foreign.statusCode).toBe(404);
      const mixed = await post('zip', {
        download_type: 0,
        period_ids: [world.periods.strangers.periodId, world.periods.centroJan.periodId],
      });
      expect((await readZip(mixed.rawPayload)).map((entry) => entry.name)).toEqual([
        `${centroFolder}/123456789012_2024-01-01_2024-01-31.pdf`,
      ]);
      const theirs = await post('zip', {}, world.stranger.token);
      expect((await readZip(theirs.rawPayload)).map((entry) => entry.name)).toEqual([
        '123456789012 - Ajeno/123456789012_2024-01-01_2024-01-31.pdf',
        '123456789012 - Ajeno/123456789012_2024-01-01_2024-01-31.xml',
      ]);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/periods/zip', payload: {} });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('POST /periods/csv', () => {
    test('UTF-8 with BOM, Spanish headers, Spanish dates, exact money, one line per period', async () => {
      const response = await post('csv', {});
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(parseDisposition(String(response.headers['content-disposition'])).parameters.filename).toMatch(
        /^periodos-\d{4}-\d{2}-\d{2}\.csv$/,
      );
      const bytes = response.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').split('\r\n');
      expect(lines.at(-1)).toBe('');
      expect(lines.slice(0, -1)).toEqual([
        'Número de servicio,Alias,Fecha inicial,Fecha final,Importe (MXN),Consumo (kWh),Tarifa,UUID del CFDI,PDF,XML,Serie,Folio,Fecha límite de pago,Total a pagar (MXN),Titular',
        expect.stringMatching(
          /^012345678901,Bodega \/ Norte,01\/02\/2024,31\/03\/2024,905\.00,320\.50,1C,[0-9a-f-]{36},Sí,No,,,,,$/,
        ),
        expect.stringMatching(
          /^123456789012,Oficina Centro,01\/03\/2024,31\/03\/2024,3999\.99,980\.00,PDBT,[0-9a-f-]{36},Sí,Sí,,,,,$/,
        ),
        expect.stringMatching(
          /^123456789012,Oficina Centro,01\/02\/2024,29\/02\/2024,1620\.00,430\.25,PDBT,/,
        ),
        expect.stringMatching(/^012345678901,Bodega \/ Norte,01\/12\/2023,31\/01\/2024,820\.10,300\.00,1C,/),
        expect.stringMatching(
          /^123456789012,Oficina Centro,01\/01\/2024,31\/01\/2024,1500\.50,410\.00,PDBT,/,
        ),
      ]);
    });

    test("the receipt's series, folio, due date, whole-peso total and holder fill the last columns", async () => {
      await t.db.query(
        `UPDATE periods SET cfdi_series = 'KC', cfdi_folio = '000050340014', due_date = '2024-04-17',
           total_to_pay = 4000, holder_name = 'COMERCIALIZADORA "EL SOL", S.A.' WHERE id = $1`,
        [world.periods.centroMar.periodId],
      );
      const lines = (await post('csv', {})).rawPayload.subarray(3).toString('utf8').split('\r\n');
      expect(lines.find((line) => line.includes('31/03/2024,3999.99'))).toMatch(
        /,Sí,Sí,KC,000050340014,17\/04\/2024,4000\.00,"COMERCIALIZADORA ""EL SOL"", S\.A\."$/,
      );
      await t.db.query(
        `UPDATE periods SET cfdi_series = NULL, cfdi_folio = NULL, due_date = NULL, total_to_pay = NULL,
           holder_name = NULL WHERE id = $1`,
        [world.periods.centroMar.periodId],
      );
    });

    test('the selection or the filters choose the rows; the stranger gets only theirs', async () => {
      const rows = async (payload: object, token?: string) =>
        (await post('csv', payload, token)).rawPayload
          .subarray(3)
          .toString('utf8')
          .split('\r\n')
          .slice(1, -1);
      expect(
        await rows({ period_ids: [world.periods.centroJan.periodId, world.periods.strangers.periodId] }),
      ).toEqual([expect.stringContaining('01/01/2024,31/01/2024,1500.50')]);
      expect(await rows({ rpu_id: world.rpus.norte, final_date: '2024-01-31' })).toEqual([
        expect.stringContaining('01/12/2023,31/01/2024,820.10'),
      ]);
      expect(await rows({ rpu_id: world.rpus.strangers })).toEqual([]);
      expect(await rows({}, world.stranger.token)).toEqual([expect.stringContaining(',Ajeno,')]);
      expect((await post('csv', { final_date: '31/01/2024' })).statusCode).toBe(422);
    });
  });

  describe('POST /periods/delete/bulk', () => {
    test('deletes the caller’s periods and their files; other users’ ids are ignored', async () => {
      const doomed = world.periods.centroMar;
      const foreign = world.periods.strangers;
      const response = await post('delete/bulk', { period_ids: [doomed.periodId, foreign.periodId] });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ affected: 1 });

      const remaining = await t.app.inject({
        method: 'GET',
        url: '/api/v1/periods/all',
        headers: bearer(world.owner.token),
      });
      expect(remaining.json().count).toBe(4);
      expect(remaining.json().data.map((period: { period_id: string }) => period.period_id)).not.toContain(
        doomed.periodId,
      );
      const { rows } = await t.db.query('SELECT 1 FROM documents WHERE period_id = $1', [doomed.periodId]);
      expect(rows).toEqual([]);
      // The files go after the answer.
      for (const document of doomed.documents) {
        for (let attempt = 0; attempt < 100 && (await storage.exists(document.storageKey)); attempt += 1)
          await new Promise((resolve) => setTimeout(resolve, 20));
        expect(await storage.exists(document.storageKey)).toBe(false);
      }
      for (const document of foreign.documents) expect(await storage.exists(document.storageKey)).toBe(true);
      const theirs = await t.app.inject({
        method: 'GET',
        url: '/api/v1/periods/all',
        headers: bearer(world.stranger.token),
      });
      expect(theirs.json().count).toBe(1);

      expect((await post('delete/bulk', { period_ids: [doomed.periodId] })).json()).toEqual({ affected: 0 });
      expect((await post('delete/bulk', { period_ids: [] })).statusCode).toBe(422);
      expect((await post('delete/bulk', { period_ids: ['x'] })).statusCode).toBe(422);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/v1/periods/delete/bulk',
        payload: { period_ids: [foreign.periodId] },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  // Declared last, so it runs last: it adds a period the tests above do not expect.
  test('CSV text that a spreadsheet would run is neutralised; commas and quotes are quoted', async () => {
    const rpuId = await seedRpu(t.db, world.owner.id, {
      serviceNumber: '555555555555',
      alias: '=HYPERLINK("x"), "sucursal"',
    });
    await seedPeriod(t.db, storage, {
      userId: world.owner.id,
      rpuId,
      initialDate: '2022-01-01',
      finalDate: '2022-01-31',
      tariff: '+GDMTO',
      documents: { pdf: sampleDocument('pdf') },
    });
    const body = (await post('csv', { rpu_id: rpuId })).rawPayload.toString('utf8');
    expect(body).toContain(`"'=HYPERLINK(""x""), ""sucursal"""`);
    expect(body).toContain(",'+GDMTO,");
  });
}

describe('on the local folder', () => {
  exportsSuite(async () => {
    const t = await createTestApp();
    return { t, storage: localStorageOf(t) };
  });
});

describe('on S3-compatible storage (s3rver over HTTP)', () => {
  let server: TestS3Server;
  exportsSuite(async () => {
    server = await startS3Server();
    const { credentials, ...options } = server.options;
    const t = await createTestApp({ config: { storage: { kind: 's3', credentials, ...options } } });
    const storage = await createS3DocumentStorage(server.options);
    return {
      t,
      storage,
      close: async () => {
        storage.close();
        await server.close();
      },
    };
  });
});

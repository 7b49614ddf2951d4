import { parse as parseDisposition } from 'content-disposition';
import type { LocalDocumentStorage } from '../storage/local-storage';
import { bearer } from '../testing/fixtures';
import {
  localStorageOf,
  type PeriodsWorld,
  sampleDocument,
  seedPeriod,
  seedPeriodsWorldIn,
  seedRpu,
  storeDocument,
} from '../testing/periods-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let world: PeriodsWorld;
let storage: LocalDocumentStorage;

beforeAll(async () => {
  t = await createTestApp();
  storage = localStorageOf(t);
  world = await seedPeriodsWorldIn(t, storage);
});
afterAll(() => t.close());

const getFile = (fileName: string, { token = world.owner.token, extra = '', headers = {} } = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/media/get-file?file_name=${encodeURIComponent(fileName)}${extra}`,
    headers: { ...bearer(token), ...headers },
  });

const document = (period: keyof PeriodsWorld['periods'], kind: 'pdf' | 'xml') => {
  const found = world.periods[period].documents.find((candidate) => candidate.kind === kind);
  if (!found) throw new Error(`No ${kind} in ${period}`);
  return found;
};

test('serves the caller’s PDF inline, with its type, length and an RFC 6266 name with the dates', async () => {
  const pdf = document('centroJan', 'pdf');
  const response = await getFile(pdf.fileName);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(Number(response.headers['content-length'])).toBe(pdf.body.length);
  expect(response.rawPayload.equals(pdf.body)).toBe(true);
  expect(parseDisposition(String(response.headers['content-disposition']))).toEqual({
    type: 'inline',
    parameters: { filename: '123456789012_2024-01-01_2024-01-31.pdf' },
  });
  expect(response.headers['cache-control']).toBe('private, no-cache');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
});

test('a name outside ASCII gets an RFC 6266 / RFC 8187 filename* beside an ASCII fallback', async () => {
  const rpuId = await seedRpu(t.db, world.owner.id, { serviceNumber: 'Ñ-123', alias: 'Añil' });
  const seeded = await seedPeriod(t.db, storage, {
    userId: world.owner.id,
    rpuId,
    initialDate: '2020-01-01',
    finalDate: '2020-01-31',
    documents: { pdf: sampleDocument('pdf') },
  });
  const response = await getFile(seeded.documents[0]?.fileName as string);
  expect(response.headers['content-disposition']).toBe(
    `inline; filename="?-123_2020-01-01_2020-01-31.pdf"; filename*=UTF-8''%C3%91-123_2020-01-01_2020-01-31.pdf`,
  );
});

test('serves the XML; download=true makes it an attachment', async () => {
  const xml = document('norteDecJan', 'xml');
  const response = await getFile(xml.fileName, { extra: '&download=true' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(response.rawPayload.equals(xml.body)).toBe(true);
  const disposition = parseDisposition(String(response.headers['content-disposition']));
  expect(disposition).toEqual({
    type: 'attachment',
    parameters: { filename: '012345678901_2023-12-01_2024-01-31.xml' },
  });
  expect(response.headers['content-security-policy']).toBe(
    "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  );
});

test('answers 304 when the browser already has this version (ETag is the content hash)', async () => {
  const pdf = document('centroFeb', 'pdf');
  const first = await getFile(pdf.fileName);
  const etag = String(first.headers.etag);
  expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
  const again = await getFile(pdf.fileName, { headers: { 'if-none-match': etag } });
  expect(again.statusCode).toBe(304);
  expect(again.rawPayload.length).toBe(0);
});

test('tenancy: another user’s document is a 404, exactly like one that does not exist', async () => {
  const theirs = document('strangers', 'pdf');
  const foreign = await getFile(theirs.fileName);
  expect(foreign.statusCode).toBe(404);
  expect(foreign.json()).toEqual({ detail: 'Documento no encontrado', code: 'not_found' });
  expect((await getFile('no-existe.pdf')).json()).toEqual(foreign.json());
  // The owner gets it.
  expect((await getFile(theirs.fileName, { token: world.stranger.token })).statusCode).toBe(200);
  // A deleted service point's documents go with it.
  expect((await getFile(document('deleted', 'pdf').fileName)).statusCode).toBe(404);
  const anonymous = await t.app.inject({
    method: 'GET',
    url: `/api/v1/media/get-file?file_name=${theirs.fileName}`,
  });
  expect(anonymous.statusCode).toBe(401);
});

test('traversal attempts are names like any other: never found', async () => {
  const pdf = document('centroJan', 'pdf');
  const attempts = [
    '../../../../etc/passwd',
    '..%2f..%2fetc%2fpasswd',
    '....//....//etc/passwd',
    '/etc/passwd',
    'C:\\Windows\\win.ini',
    '..\\..\\secret_key',
    `../${pdf.fileName}`,
    `./${pdf.fileName}`,
    `${pdf.fileName}/`,
    pdf.storageKey,
    `documents/${pdf.storageKey}`,
    '../secret_key',
    '../credentials_key',
    '%',
    '.',
    '..',
    'x'.repeat(1024),
  ];
  for (const attempt of attempts) {
    const response = await getFile(attempt);
    expect([attempt, response.statusCode]).toEqual([attempt, 404]);
  }
  // A NUL byte never reaches the lookup: it is a field error like in any other filter.
  expect((await getFile(`${pdf.fileName}\u0000.txt`)).statusCode).toBe(422);
  // Raw, unencoded and double-encoded forms in the URL itself.
  for (const raw of ['../../etc/passwd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '%252e%252e%252fetc']) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/media/get-file?file_name=${raw}`,
      headers: bearer(world.owner.token),
    });
    expect([raw, response.statusCode]).toEqual([raw, 404]);
  }
});

test('a missing or empty name is a validation error', async () => {
  const missing = await t.app.inject({
    method: 'GET',
    url: '/api/v1/media/get-file',
    headers: bearer(world.owner.token),
  });
  expect(missing.statusCode).toBe(422);
  expect(missing.json().detail).toEqual([
    { loc: ['query', 'file_name'], msg: 'file_name is a required field', type: 'missing' },
  ]);
  expect((await getFile('')).statusCode).toBe(422);
});

test('a row whose file is gone is a 404 for the user (and an error in the log)', async () => {
  const xml = document('centroFeb', 'xml');
  await storage.delete(xml.storageKey);
  expect((await getFile(xml.fileName)).statusCode).toBe(404);
});

test('a stored type outside PDF and XML is only ever offered as a download', async () => {
  const period = world.periods.centroMar;
  await t.db.query("DELETE FROM documents WHERE period_id = $1 AND kind = 'xml'", [period.periodId]);
  const stored = await storeDocument(
    t.db,
    storage,
    { userId: world.owner.id, rpuId: world.rpus.centro, periodId: period.periodId },
    'xml',
    Buffer.from('<script>alert(1)</script>'),
  );
  await t.db.query("UPDATE documents SET content_type = 'text/html' WHERE file_name = $1", [stored.fileName]);
  const response = await getFile(stored.fileName);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/octet-stream');
  expect(String(response.headers['content-disposition'])).toMatch(/^attachment;/);
});

import type { UnknownPage } from './diagnostics';
import { demo, failureOf, replicaForTests } from './test-replica';

type Truth = {
  holder_name: string;
  documents: { series: string; folio: string; month: string; kind: string; files: string[] }[];
};
type Stats = {
  logins: Record<string, number>;
  by_page: Record<string, number>;
  xml_throttled: number;
  firewall_refusals: number;
};

let world: Awaited<ReturnType<typeof replicaForTests>>;

beforeEach(async () => {
  world = await replicaForTests();
});

afterEach(async () => {
  await world.close();
});

const truthOf = (serviceNumber: string) =>
  world.control<Truth>('GET', `/services/${serviceNumber}/documents`);
const stats = () => world.control<Stats>('GET', '/stats');
const keys = (rows: { series: string; folio: string }[]) => rows.map((row) => `${row.series}-${row.folio}`);

async function twoServices() {
  const services = await world.client().listServices(demo);
  const [first, second] = services.map((service) => service.serviceNumber);
  if (!first || !second) throw new Error('the demo account has services');
  return [first, second] as const;
}

test('lists the services and the whole grid of one, and downloads its documents from the postbacks', async () => {
  const portal = world.client();
  const services = await portal.listServices(demo);
  expect(services).toHaveLength(6);
  expect(services[0]?.alias).toBe('SERVICIO 1');
  const serviceNumber = services[1]?.serviceNumber as string;

  const documents = await portal.listDocuments(demo, serviceNumber);
  const truth = await truthOf(serviceNumber);
  expect(keys(documents)).toEqual(keys(truth.documents));
  expect(documents.length).toBeGreaterThan(20);
  expect(new Set(documents.map((document) => document.kind))).toEqual(new Set(['receipt', 'other']));
  const receipt = documents.find((document) => document.kind === 'receipt');
  if (!receipt) throw new Error('no receipt');
  expect(receipt).toMatchObject({ type: 'OCR', formats: ['pdf', 'xml'] });
  expect(receipt.month).toMatch(/^\d{4}-\d{2}$/);
  expect(
    documents.filter((document) => document.kind === 'other').every((row) => row.formats.join() === 'xml'),
  ).toBe(true);

  const xml = await portal.downloadDocument(demo, serviceNumber, receipt, 'xml');
  expect(xml.fileName).toBe(`${receipt.series}-${receipt.folio}.xml`);
  expect(xml.body.toString('utf8')).toContain(serviceNumber);
  const pdf = await portal.downloadDocument(demo, serviceNumber, receipt, 'pdf');
  expect(pdf.fileName).toBe(`${receipt.series}-${receipt.folio}.pdf`);
  expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect((await stats()).logins['empresa.demo']).toBe(1);
});

test('the XML throttle is a transient rate limit; the same session downloads again after it', async () => {
  const [serviceNumber] = await twoServices();
  const portal = world.client();
  const xmls = (await portal.listDocuments(demo, serviceNumber)).slice(0, 7);
  for (const document of xmls.slice(0, 5))
    await portal.downloadDocument(demo, serviceNumber, document, 'xml');
  const throttled = await failureOf(portal.downloadDocument(demo, serviceNumber, xmls[5] as never, 'xml'));
  expect(throttled).toMatchObject({ failure: 'xml_throttle', kind: 'rate_limited', retryAfterMs: 10 });
  expect(throttled.isUserError).toBe(false);
  // The throttle page's new hidden fields are used: the retry succeeds without a new login.
  await expect(portal.downloadDocument(demo, serviceNumber, xmls[5] as never, 'xml')).resolves.toMatchObject({
    fileName: `${xmls[5]?.series}-${xmls[5]?.folio}.xml`,
  });
  expect(await stats()).toMatchObject({ xml_throttled: 1, logins: { 'empresa.demo': 2 } });
});

test('a throttle that lasts keeps refusing until its time has passed', async () => {
  const coolDownMs = 1_000;
  await world.switches({ xmlThrottle: { every: 2, coolDownMs } });
  const [serviceNumber] = await twoServices();
  const portal = world.client();
  const [a, b, c] = await portal.listDocuments(demo, serviceNumber);
  await portal.downloadDocument(demo, serviceNumber, a as never, 'xml');
  await portal.downloadDocument(demo, serviceNumber, b as never, 'xml');
  const throttledAt = Date.now();
  expect((await failureOf(portal.downloadDocument(demo, serviceNumber, c as never, 'xml'))).failure).toBe(
    'xml_throttle',
  );
  expect((await failureOf(portal.downloadDocument(demo, serviceNumber, c as never, 'xml'))).failure).toBe(
    'xml_throttle',
  );
  // Asked again until it answers (no fixed sleep to outrun on a loaded machine): never before the cool-down.
  let downloaded: unknown;
  while (downloaded === undefined && Date.now() - throttledAt < 20_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    downloaded = await portal.downloadDocument(demo, serviceNumber, c as never, 'xml').catch(() => undefined);
  }
  expect(downloaded).toBeDefined();
  expect(Date.now() - throttledAt).toBeGreaterThanOrEqual(coolDownMs);
});

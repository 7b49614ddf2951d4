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
  // The replica's clock moves only when the test moves it: a slow machine cannot outlast the throttle.
  let now = Date.now();
  await world.close();
  world = await replicaForTests({ clock: () => now });
  const coolDownMs = 1_000;
  await world.switches({ xmlThrottle: { every: 2, coolDownMs } });
  const [serviceNumber] = await twoServices();
  const portal = world.client();
  const [a, b, c] = await portal.listDocuments(demo, serviceNumber);
  await portal.downloadDocument(demo, serviceNumber, a as never, 'xml');
  await portal.downloadDocument(demo, serviceNumber, b as never, 'xml');
  const refused = () => failureOf(portal.downloadDocument(demo, serviceNumber, c as never, 'xml'));
  expect((await refused()).failure).toBe('xml_throttle');
  now += coolDownMs - 1;
  expect((await refused()).failure).toBe('xml_throttle');
  now += 1;
  await expect(portal.downloadDocument(demo, serviceNumber, c as never, 'xml')).resolves.toMatchObject({
    fileName: `${c?.series}-${c?.folio}.xml`,
  });
});

test('a stale grid (the reused session keeps the first service) is caught and a fresh login shows the right one', async () => {
  await world.switches({ staleGrid: true });
  const [first, second] = await twoServices();
  const portal = world.client();
  expect(keys(await portal.listDocuments(demo, first))).toEqual(keys((await truthOf(first)).documents));
  const before = (await stats()).logins['empresa.demo'] ?? 0;
  expect(keys(await portal.listDocuments(demo, second))).toEqual(keys((await truthOf(second)).documents));
  expect((await stats()).logins['empresa.demo']).toBe(before + 1);
});

test("another worker's copy of the session shows a stale grid: the XML names another service, so a fresh login follows", async () => {
  await world.switches({ staleGrid: true });
  const [first, second] = await twoServices();
  const one = world.client();
  await one.openSession(demo);
  const snapshot = one.exportSession(demo.key);
  if (!snapshot) throw new Error('no session');
  await one.listDocuments(demo, first);
  const other = world.client();
  expect(other.importSession(demo, snapshot)).toBe(true);
  // The shared server session now shows the first service's rows whatever is selected.
  const shown = await other.listDocuments(demo, second);
  expect(keys(shown)).toEqual(keys((await truthOf(first)).documents));
  const receipt = shown.find((document) => document.kind === 'receipt');
  const stale = await failureOf(other.downloadDocument(demo, second, receipt as never, 'xml'));
  expect(stale).toMatchObject({ failure: 'stale_grid', kind: 'unavailable' });
  const right = await other.listDocuments(demo, second);
  expect(keys(right)).toEqual(keys((await truthOf(second)).documents));
  const xml = await other.downloadDocument(demo, second, right[0] as never, 'xml');
  expect(xml.body.toString('utf8')).toContain(second);
});

test('a session that ended mid-run is logged in again once, and the work goes on', async () => {
  const [serviceNumber] = await twoServices();
  const portal = world.client();
  const [document] = await portal.listDocuments(demo, serviceNumber);
  await world.control('POST', '/sessions/expire', { account: 'empresa.demo' });
  const before = (await stats()).logins['empresa.demo'] ?? 0;
  await expect(portal.downloadDocument(demo, serviceNumber, document as never, 'xml')).resolves.toBeDefined();
  expect((await stats()).logins['empresa.demo']).toBe(before + 1);
});

test('the firewall page and the empty body are transient, and the next try recovers', async () => {
  const portal = world.client();
  await world.switches({ firewallNext: 1, emptyNext: 1 });
  const firewall = await failureOf(portal.listServices(demo));
  expect(firewall).toMatchObject({ failure: 'firewall', kind: 'unavailable', retryAfterMs: 10 });
  expect(firewall.message).toContain('PORTAL_PROXY_URL');
  expect(await failureOf(portal.listServices(demo))).toMatchObject({
    failure: 'empty_answer',
    kind: 'unavailable',
  });
  await expect(portal.listServices(demo)).resolves.toHaveLength(6);
  expect((await stats()).firewall_refusals).toBe(2);
});

test('an outage is transient; a service not in the account is a user error', async () => {
  const portal = world.client();
  await world.switches({ outage: true });
  expect(await failureOf(portal.listServices(demo))).toMatchObject({
    failure: 'outage',
    kind: 'unavailable',
  });
  await world.switches({ outage: false });
  const missing = await failureOf(portal.listDocuments(demo, '123456789012'));
  expect(missing).toMatchObject({ failure: 'not_in_account', kind: 'service_not_linked' });
  expect(missing.isUserError).toBe(true);
});

test('a post whose hidden fields no longer validate is an unknown page, saved without secrets; the next try reloads', async () => {
  const saved: UnknownPage[] = [];
  const [serviceNumber] = await twoServices();
  const portal = world.client({ diagnostics: (page) => void saved.push(page) });
  const [document] = await portal.listDocuments(demo, serviceNumber);
  await world.control('POST', '/recycle');
  const refused = await failureOf(portal.downloadDocument(demo, serviceNumber, document as never, 'xml'));
  expect(refused).toMatchObject({ failure: 'unknown_page', kind: 'unexpected' });
  expect(saved).toHaveLength(1);
  expect(saved[0]?.during).toBe('download');
  expect(saved[0]?.html).toContain('Ocurrió un error');
  await expect(portal.downloadDocument(demo, serviceNumber, document as never, 'xml')).resolves.toBeDefined();
});

import type { AddressInfo } from 'node:net';
import { type CfeInvoice, readCfeCfdi } from '../cfdi/read-cfdi';
import { HttpPortalClient } from './http-portal-client';
import { PortalError } from './portal-client';
import { buildPortalSimulator } from './simulator/server';
import { latestReceipt, serviceDocuments, serviceProfile, serviceReceipts } from './simulator/world';

const today = new Date('2026-11-15T12:00:00Z');
let simulator: ReturnType<typeof buildPortalSimulator>;
let baseUrl: string;

beforeEach(async () => {
  simulator = buildPortalSimulator({ now: () => today });
  await simulator.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(simulator.app.server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await simulator.app.close();
});

const demo = { key: 'c1', cfeUser: 'empresa.demo', password: 'Demo-2024' };
const client = (options: Partial<ConstructorParameters<typeof HttpPortalClient>[0]> = {}) =>
  new HttpPortalClient({ baseUrl, minIntervalMs: 0, ...options });

async function portalError(promise: Promise<unknown>): Promise<PortalError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PortalError) return error;
    throw error;
  }
  throw new Error('expected a PortalError');
}

test('lists the services of an account and reuses one session', async () => {
  const portal = client();
  const services = await portal.listServices(demo);
  expect(services).toHaveLength(6);
  expect(services[0]?.serviceNumber).toMatch(/^\d{12}$/);
  await portal.listServices(demo);
  await portal.listDocuments(demo, services[0]?.serviceNumber as string);
  expect(simulator.state.stats.byRoute.get('session')).toBe(1);
});

test('logs in again once when the portal session expired', async () => {
  const portal = client();
  await portal.listServices(demo);
  for (const session of simulator.state.sessions.values()) session.expiresAt = Date.now() - 1;
  await expect(portal.listServices(demo)).resolves.toHaveLength(6);
  expect(simulator.state.stats.byRoute.get('session')).toBe(2);
});

test('a portal session is used until the portal says it ended, then one login for concurrent requests', async () => {
  const portal = client();
  const [service] = await portal.listServices(demo);
  for (let index = 0; index < 5; index++) await portal.listDocuments(demo, service?.serviceNumber as string);
  expect(simulator.state.stats.byRoute.get('session')).toBe(1);
  // The portal ends the session on its own clock; ending it here keeps the test free of timing.
  for (const session of simulator.state.sessions.values()) session.expiresAt = Date.now() - 1;
  await Promise.all([portal.listServices(demo), portal.listServices(demo)]);
  expect(simulator.state.stats.byRoute.get('session')).toBe(2);
});

test('a wrong password and a CAPTCHA are user errors', async () => {
  const wrong = await portalError(client().listServices({ ...demo, password: 'otra' }));
  expect(wrong.kind).toBe('invalid_credentials');
  expect(wrong.isUserError).toBe(true);
  const captcha = await portalError(
    client().listServices({ key: 'c2', cfeUser: 'captcha.demo', password: 'Demo-2024' }),
  );
  expect(captcha.kind).toBe('captcha_required');
  expect(captcha.isUserError).toBe(true);
});

test('links with the total to pay of the consulted receipt, or with the one the user gives', async () => {
  const portal = client();
  const serviceNumber = '123456789012';
  const consulted = readCfeCfdi((await portal.consultReceipt(serviceNumber)) as Buffer) as CfeInvoice;
  const latest = latestReceipt(serviceProfile(serviceNumber), today);
  expect(consulted).toMatchObject({
    serviceNumber,
    uuid: latest?.uuid,
    totalToPay: String(latest?.totalToPay),
  });
  expect((await portalError(portal.linkService(demo, serviceNumber, 1))).kind).toBe('wrong_total');
  await portal.linkService(demo, serviceNumber, Number(consulted.totalToPay));
  expect((await portal.listServices(demo)).map((service) => service.serviceNumber)).toContain(serviceNumber);

  const withoutConsultation = '123456789017';
  expect(await portal.consultReceipt(withoutConsultation)).toBeNull();
  // The second-to-last receipt's total is accepted too (REAL-CFE.md §1).
  const [, secondToLast] = serviceReceipts(serviceProfile(withoutConsultation), today);
  await portal.linkService(demo, withoutConsultation, secondToLast?.totalToPay as number);

  const unlinkable = await portalError(portal.linkService(demo, '990000000001', 100));
  expect(unlinkable.kind).toBe('cannot_link');
});

test("lists at least 24 months of documents; downloads are CFE's CFDI and PDF of the service", async () => {
  const portal = client();
  const [service] = await portal.listServices(demo);
  if (!service) throw new Error('no service');
  const list = await portal.listDocuments(demo, service.serviceNumber);
  expect((list.at(-1)?.month ?? '9999') <= '2024-11').toBe(true);
  expect(list.map((document) => document.type)).toEqual(expect.arrayContaining(['receipt', 'payment']));
  const receipt = list.find((document) => document.type === 'receipt');
  const payment = list.find((document) => document.type === 'payment');
  if (!receipt || !payment) throw new Error('no receipt or payment');
  expect(receipt).toMatchObject({
    series: expect.stringMatching(/^[A-Z]{2}$/),
    folio: expect.stringMatching(/^\d{12}$/),
    formats: ['pdf', 'xml'],
  });
  const pdf = await portal.downloadDocument(demo, service.serviceNumber, receipt.id, 'pdf');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const read = readCfeCfdi(await portal.downloadDocument(demo, service.serviceNumber, receipt.id, 'xml'));
  expect(read).toMatchObject({
    kind: 'receipt',
    serviceNumber: service.serviceNumber,
    series: receipt.series,
    folio: receipt.folio,
  });
  const paid = readCfeCfdi(await portal.downloadDocument(demo, service.serviceNumber, payment.id, 'xml'));
  expect(paid).toMatchObject({ kind: 'payment', series: payment.series, folio: payment.folio });
});

test('a download is named <series>-<folio> as CFE names it', async () => {
  const login = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usuario: 'empresa.demo', contrasena: 'Demo-2024' }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const [serviceNumber] = [...(simulator.state.account('empresa.demo')?.linked ?? [])];
  const [document] = serviceDocuments(serviceProfile(serviceNumber as string), today);
  if (!document) throw new Error('no document');
  const response = await fetch(
    `${baseUrl}/api/servicios/${serviceNumber}/documentos/${document.series}-${document.folio}/xml`,
    { headers: { cookie } },
  );
  expect(response.headers.get('content-disposition')).toBe(
    `attachment; filename="${document.series}-${document.folio}.xml"`,
  );
});

test('outages, recovery, rate limits and timeouts are system errors', async () => {
  const down = await portalError(
    client().listServices({ key: 'c3', cfeUser: 'caido.demo', password: 'Demo-2024' }),
  );
  expect(down.kind).toBe('unavailable');
  expect(down.isUserError).toBe(false);

  const account = simulator.state.account('empresa.demo');
  if (!account) throw new Error('missing account');
  account.faults.failNext = 1;
  const portal = client();
  expect((await portalError(portal.listServices(demo))).kind).toBe('unavailable');
  await expect(portal.listServices(demo)).resolves.toHaveLength(6);

  const limited = { key: 'c4', cfeUser: 'limitado.demo', password: 'Demo-2024' };
  const limitedClient = client();
  for (let request = 0; request < 4; request++) await limitedClient.listServices(limited);
  const throttled = await portalError(limitedClient.listServices(limited));
  expect(throttled.kind).toBe('rate_limited');
  expect(throttled.retryAfterMs).toBeGreaterThan(0);

  account.faults.latencyMs = 300;
  const timedOut = await portalError(client({ timeoutMs: 100 }).listServices({ ...demo, key: 'c5' }));
  expect(timedOut.kind).toBe('timeout');
});

test('never runs more than the allowed requests at once for one credential', async () => {
  const account = simulator.state.account('empresa.demo');
  if (!account) throw new Error('missing account');
  const portal = client({ maxConcurrentPerCredential: 2 });
  await portal.listServices(demo);
  account.faults.latencyMs = 50;
  simulator.state.resetStats();
  await Promise.all(Array.from({ length: 8 }, () => portal.listServices(demo)));
  expect(simulator.state.stats.byRoute.get('services')).toBe(8);
  expect(simulator.state.stats.peakInFlight.get('empresa.demo')).toBe(2);
});

test('a password change is a new login: the old session is not reused, a refused login is not repeated', async () => {
  const portal = client();
  await portal.listServices(demo);
  const wrong = { ...demo, password: 'cambiada' };
  expect((await portalError(portal.listServices(wrong))).kind).toBe('invalid_credentials');
  expect((await portalError(portal.listServices(wrong))).kind).toBe('invalid_credentials');
  // The second refusal came from memory: the portal saw two logins, not three.
  expect(simulator.state.stats.byRoute.get('session')).toBe(2);
  await expect(portal.listServices(demo)).resolves.toHaveLength(6);
});

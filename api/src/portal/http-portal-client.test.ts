import type { AddressInfo } from 'node:net';
import { XMLParser } from 'fast-xml-parser';
import { HttpPortalClient } from './http-portal-client';
import { PortalError } from './portal-client';
import { buildPortalSimulator } from './simulator/server';
import { payments, receipts, serviceProfile } from './simulator/world';

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
  await portal.listReceipts(demo, services[0]?.serviceNumber as string);
  expect(simulator.state.stats.byRoute.get('session')).toBe(1);
});

test('logs in again once when the portal session expired', async () => {
  const portal = client();
  await portal.listServices(demo);
  for (const session of simulator.state.sessions.values()) session.expiresAt = Date.now() - 1;
  await expect(portal.listServices(demo)).resolves.toHaveLength(6);
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

test('links with the total of the consulted receipt, or with the last payment', async () => {
  const portal = client();
  const serviceNumber = '123456789012';
  const consulted = await portal.consultReceipt(serviceNumber);
  expect(consulted?.totalToPay).toBe(receipts(serviceProfile(serviceNumber), today)[0]?.total);
  expect((await portalError(portal.linkService(demo, serviceNumber, 1))).kind).toBe('wrong_total');
  await portal.linkService(demo, serviceNumber, consulted?.totalToPay as number);
  expect((await portal.listServices(demo)).map((service) => service.serviceNumber)).toContain(serviceNumber);

  const withoutConsultation = '123456789017';
  expect(await portal.consultReceipt(withoutConsultation)).toBeNull();
  const lastPayment = payments(serviceProfile(withoutConsultation), today)[0]?.amount as number;
  await portal.linkService(demo, withoutConsultation, lastPayment);

  const unlinkable = await portalError(portal.linkService(demo, '990000000001', 100));
  expect(unlinkable.kind).toBe('cannot_link');
});

test('serves at least 24 months of receipts with a PDF and a CFDI naming the service', async () => {
  const portal = client();
  const [service] = await portal.listServices(demo);
  const list = await portal.listReceipts(demo, service?.serviceNumber as string);
  const oldest = list.at(-1)?.initialDate as string;
  expect(oldest <= '2024-11-01').toBe(true);
  const receipt = list[0];
  if (!service || !receipt) throw new Error('no receipt');
  const pdf = await portal.downloadDocument(demo, service.serviceNumber, receipt.id, 'pdf');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.subarray(-6).toString()).toContain('%%EOF');
  const startxref = Number(/startxref\n(\d+)/.exec(pdf.toString('latin1'))?.[1]);
  expect(pdf.subarray(startxref, startxref + 4).toString()).toBe('xref');
  const xml = (await portal.downloadDocument(demo, service.serviceNumber, receipt.id, 'xml')).toString(
    'utf8',
  );
  const cfdi = new XMLParser({ ignoreAttributes: false }).parse(xml)['cfdi:Comprobante'];
  expect(cfdi['cfdi:Conceptos']['cfdi:Concepto']['@_NoIdentificacion']).toBe(service.serviceNumber);
  expect(cfdi['cfdi:Complemento']['tfd:TimbreFiscalDigital']['@_UUID']).toBe(receipt.uuid);
  expect(Number(cfdi['@_Total'])).toBe(receipt.total);
  const history = await portal.listPayments(demo, service.serviceNumber);
  expect(history.length).toBeGreaterThan(10);
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

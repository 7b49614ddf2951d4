import { cfdiServiceNumbers } from '../../cfdi/read-cfdi';
import { demo, failureOf, replicaForTests } from './test-replica';

type Truth = {
  holder_name: string;
  documents: { kind: string; total_to_pay: number | null; month: string }[];
};

let world: Awaited<ReturnType<typeof replicaForTests>>;

beforeEach(async () => {
  world = await replicaForTests();
});

afterEach(async () => {
  await world.close();
});

const newService = '523456789014';
const capped = { key: 'cred-3', cfeUser: 'tope.demo', password: 'Demo-2024' };

async function receiptsOf(serviceNumber: string) {
  const truth = await world.control<Truth>('GET', `/services/${serviceNumber}/documents`);
  const totals = truth.documents.filter((document) => document.kind === 'receipt').map((r) => r.total_to_pay);
  return { holderName: truth.holder_name, totals: totals as number[], months: truth.documents };
}

const link = (overrides: Partial<Parameters<ReturnType<typeof world.client>['linkService']>[1]> = {}) => ({
  serviceNumber: newService,
  holderName: '',
  alias: 'Bodega norte',
  totalToPay: 0,
  serviceCap: null,
  ...overrides,
});

test('links with the holder name and the total of the last receipt; the service then appears in the account', async () => {
  const { holderName, totals } = await receiptsOf(newService);
  const portal = world.client();
  await portal.linkService(
    demo,
    link({ holderName: holderName.toLowerCase(), totalToPay: totals[0] as number }),
  );
  const services = await portal.listServices(demo);
  expect(services.find((service) => service.serviceNumber === newService)?.alias).toBe('BODEGA NORTE');
  // Linking again is no error.
  await portal.linkService(demo, link({ holderName, totalToPay: totals[0] as number }));
});

test('a total that is neither the last nor the second-to-last is refused; then the user gives the right one', async () => {
  const { holderName, totals } = await receiptsOf(newService);
  const portal = world.client();
  const refused = await failureOf(
    portal.linkService(demo, link({ holderName, totalToPay: totals[2] as number })),
  );
  expect(refused).toMatchObject({ failure: 'total_mismatch', kind: 'wrong_total' });
  expect(refused.isUserError).toBe(true);
  expect(refused.message).toContain('sin centavos');
  await portal.linkService(demo, link({ holderName, totalToPay: totals[1] as number }));
  expect((await portal.listServices(demo)).map((service) => service.serviceNumber)).toContain(newService);
});

test('a holder name that is not CFE’s is a user error saying how to write it', async () => {
  const { totals } = await receiptsOf(newService);
  const refused = await failureOf(
    world
      .client()
      .linkService(demo, link({ holderName: 'OTRA EMPRESA SA DE CV', totalToPay: totals[0] as number })),
  );
  expect(refused).toMatchObject({ failure: 'name_mismatch', kind: 'cannot_link' });
  expect(refused.message).toContain('NOMBRE');
});

test('the cap stops the connector before the portal; without it the portal’s own limit answers', async () => {
  const portal = world.client();
  const { holderName, totals } = await receiptsOf(newService);
  await portal.linkService(capped, link({ holderName, totalToPay: totals[0] as number, serviceCap: 10 }));
  const other = '623456789015';
  const next = await receiptsOf(other);
  const posts = () =>
    world
      .control<{ by_page: Record<string, number> }>('GET', '/stats')
      .then((s) => s.by_page['AgregarServicio.aspx']);
  const before = await posts();
  const stopped = await failureOf(
    portal.linkService(
      capped,
      link({
        serviceNumber: other,
        holderName: next.holderName,
        totalToPay: next.totals[0] as number,
        serviceCap: 10,
      }),
    ),
  );
  expect(stopped).toMatchObject({ failure: 'service_cap', kind: 'cannot_link' });
  expect(stopped.message).toContain('10 servicios');
  expect(await posts()).toBe(before);
  const portalLimit = await failureOf(
    portal.linkService(
      capped,
      link({ serviceNumber: other, holderName: next.holderName, totalToPay: next.totals[0] as number }),
    ),
  );
  expect(portalLimit).toMatchObject({
    failure: 'service_limit',
    message: 'CFE no permite agregar más servicios a esta cuenta.',
  });
});

test('a service added appears in the drop-down only after a while', async () => {
  await world.switches({ linkVisibleAfterMs: 60_000 });
  const { holderName, totals } = await receiptsOf(newService);
  const portal = world.client();
  await portal.linkService(demo, link({ holderName, totalToPay: totals[0] as number }));
  expect((await portal.listServices(demo)).map((service) => service.serviceNumber)).not.toContain(newService);
});

test('the consultation takes the holder name and gives the latest receipts with the newest XMLs', async () => {
  const { holderName } = await receiptsOf(newService);
  const portal = world.client();
  const consultation = await portal.consult({ serviceNumber: newService, holderName });
  expect(consultation?.receipts).toHaveLength(6);
  const [latest, previous, older] = consultation?.receipts ?? [];
  expect(latest?.month).toMatch(/^\d{4}-\d{2}$/);
  expect(latest?.xml?.fileName).toMatch(/^[A-Z]{2}-\d{12}\.xml$/);
  expect(cfdiServiceNumbers(latest?.xml?.body as Buffer)).toEqual([newService]);
  expect(previous?.xml).not.toBeNull();
  expect(older?.xml).toBeNull();

  const wrongName = await failureOf(portal.consult({ serviceNumber: newService, holderName: 'NADIE' }));
  expect(wrongName).toMatchObject({ failure: 'name_mismatch', kind: 'cannot_link' });
  const blank = await failureOf(portal.consult({ serviceNumber: newService, holderName: ' ' }));
  expect(blank.failure).toBe('required_fields');
  expect(await portal.consult({ serviceNumber: '12345', holderName: 'NADIE' })).toBeNull();
});

test("the consultation's CAPTCHA is a challenge too, answered with its session", async () => {
  await world.switches({ consultationCaptcha: 'always' });
  const { holderName } = await receiptsOf(newService);
  const portal = world.client();
  const asked = await failureOf(portal.consult({ serviceNumber: newService, holderName }));
  expect(asked).toMatchObject({ failure: 'captcha_required', challenge: { scope: 'consultation' } });
  const wrong = await failureOf(
    portal.consult(
      { serviceNumber: newService, holderName },
      { answer: { challenge: asked.challenge as never, answer: '?' } },
    ),
  );
  expect(wrong.failure).toBe('captcha_refused');
  const consultation = await portal.consult(
    { serviceNumber: newService, holderName },
    { downloads: 1, answer: { challenge: wrong.challenge as never, answer: await world.captchaAnswer() } },
  );
  expect(consultation?.receipts.filter((receipt) => receipt.xml)).toHaveLength(1);
});

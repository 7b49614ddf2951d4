import type { Period } from '@luz/shared/contract';
import type { LocalDocumentStorage } from '../storage/local-storage';
import { bearer } from '../testing/fixtures';
import {
  localStorageOf,
  type PeriodsWorld,
  seedPeriodsWorldIn,
  seedTaskAssociation,
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

const list = async (query: Record<string, string> = {}, token = world.owner.token) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/periods/all?${new URLSearchParams(query)}`,
    headers: bearer(token),
  });
  return response;
};
const ids = (periods: Period[]) => periods.map((period) => period.period_id);

describe('GET /periods/all', () => {
  test('lists the caller’s periods newest first, with service point, money as text and documents', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const { data, count } = response.json<{ data: Period[]; count: number }>();
    const p = world.periods;
    expect(count).toBe(5);
    // Final date descending; on the same day, by service number (012… before 123…).
    expect(ids(data)).toEqual([
      p.norteFebMar.periodId,
      p.centroMar.periodId,
      p.centroFeb.periodId,
      p.norteDecJan.periodId,
      p.centroJan.periodId,
    ]);
    expect(data[4]).toEqual({
      period_id: p.centroJan.periodId,
      rpu_id: world.rpus.centro,
      credential_id: world.credentials.main,
      service_number: '123456789012',
      alias: 'Oficina Centro',
      initial_date: '2024-01-01',
      final_date: '2024-01-31',
      amount: '1500.50',
      consumption_kwh: '410.00',
      tariff: 'PDBT',
      cfdi_uuid: expect.any(String),
      cfdi_series: null,
      cfdi_folio: null,
      billing_month: null,
      due_date: null,
      total_to_pay: null,
      subtotal: null,
      vat_rate: null,
      vat_amount: null,
      lighting_duty: null,
      previous_debt: null,
      rounding: null,
      kwh_base: null,
      kwh_intermediate: null,
      kwh_peak: null,
      demand_kw: null,
      power_factor: null,
      holder_name: null,
      companions: [],
      has_pdf: true,
      has_xml: true,
      pdf_file_name: `${p.centroJan.periodId}.pdf`,
      xml_file_name: `${p.centroJan.periodId}.xml`,
      created_at: expect.any(String),
    });
    expect(data[0]).toMatchObject({ has_pdf: true, has_xml: false, xml_file_name: null, tariff: '1C' });
  });

  test('filters by service point, by portal account, and by a range of final dates', async () => {
    const p = world.periods;
    const byRpu = (await list({ rpu_id: world.rpus.norte })).json();
    expect(ids(byRpu.data)).toEqual([p.norteFebMar.periodId, p.norteDecJan.periodId]);
    expect(byRpu.count).toBe(2);

    const byCredential = (await list({ credential_id: world.credentials.main })).json();
    expect(ids(byCredential.data)).toEqual([
      p.centroMar.periodId,
      p.centroFeb.periodId,
      p.centroJan.periodId,
    ]);

    const from = (await list({ initial_date: '2024-02-29' })).json();
    expect(ids(from.data)).toEqual([p.norteFebMar.periodId, p.centroMar.periodId, p.centroFeb.periodId]);

    const until = (await list({ final_date: '2024-01-31' })).json();
    expect(ids(until.data)).toEqual([p.norteDecJan.periodId, p.centroJan.periodId]);

    const range = (await list({ initial_date: '2024-02-01', final_date: '2024-03-30' })).json();
    expect(ids(range.data)).toEqual([p.centroFeb.periodId]);

    const combined = (
      await list({
        credential_id: world.credentials.second,
        initial_date: '2024-02-01',
        final_date: '2024-12-31',
      })
    ).json();
    expect(ids(combined.data)).toEqual([p.norteFebMar.periodId]);

    const none = (await list({ rpu_id: world.rpus.centro, credential_id: world.credentials.second })).json();
    expect(none).toEqual({ data: [], count: 0 });
  });

  test('pages with page and page_size; count is the total before paging', async () => {
    const first = (await list({ page: '1', page_size: '2' })).json();
    const second = (await list({ page: '2', page_size: '2' })).json();
    const third = (await list({ page: '3', page_size: '2' })).json();
    expect([first.count, second.count, third.count]).toEqual([5, 5, 5]);
    expect([first.data.length, second.data.length, third.data.length]).toEqual([2, 2, 1]);
    const all = ids((await list()).json().data);
    expect([...ids(first.data), ...ids(second.data), ...ids(third.data)]).toEqual(all);
    expect((await list({ page: '9', page_size: '2' })).json()).toEqual({ data: [], count: 5 });
  });

  test('refuses malformed filters with located 422 errors', async () => {
    const reversed = await list({ initial_date: '2024-03-01', final_date: '2024-01-01' });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().detail).toEqual([
      {
        loc: ['query', 'final_date'],
        msg: 'must be on or after initial_date',
        type: 'date_order',
        ctx: { after: 'initial_date' },
      },
    ]);
    const spanishDate = await list({ initial_date: '31/01/2024' });
    expect(spanishDate.statusCode).toBe(422);
    expect(spanishDate.json().detail[0].loc).toEqual(['query', 'initial_date']);
    expect((await list({ initial_date: '2024-02-30' })).statusCode).toBe(422);
    const badId = await list({ rpu_id: 'no-es-uuid' });
    expect(badId.statusCode).toBe(422);
    expect(badId.json().detail[0].loc).toEqual(['query', 'rpu_id']);
    expect((await list({ page_size: '0' })).statusCode).toBe(422);
  });

  test('tenancy: each user sees only their own periods; another user’s id in a filter is a 404', async () => {
    const theirs = (await list({}, world.stranger.token)).json();
    expect(ids(theirs.data)).toEqual([world.periods.strangers.periodId]);
    const notFound = (detail: string) => ({ statusCode: 404, body: { detail, code: 'not_found' } });
    const outcome = async (response: Promise<{ statusCode: number; json: () => unknown }>) => {
      const { statusCode, json } = await response;
      return { statusCode, body: json() };
    };
    expect(await outcome(list({ rpu_id: world.rpus.strangers }))).toEqual(notFound('Servicio no encontrado'));
    expect(await outcome(list({ rpu_id: world.rpus.centro }, world.stranger.token))).toEqual(
      notFound('Servicio no encontrado'),
    );
    expect(
      await outcome(list({ credential_id: world.credentials.main }, world.stranger.token)),
    ).toMatchObject({
      statusCode: 404,
    });
    // A deleted service point is gone, with its periods.
    expect((await list({ rpu_id: world.rpus.deleted })).statusCode).toBe(404);
    // The chart and the exports answer the same.
    for (const [method, url, payload] of [
      ['GET', `/api/v1/periods/series?rpu_id=${world.rpus.centro}`, undefined],
      ['POST', '/api/v1/periods/csv', { credential_id: world.credentials.main }],
      ['POST', '/api/v1/periods/zip', { rpu_id: world.rpus.centro }],
    ] as const) {
      const response = await t.app.inject({ method, url, payload, headers: bearer(world.stranger.token) });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
    }
  });

  test('needs a valid session', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/periods/all' });
    expect(anonymous.statusCode).toBe(401);
    expect((await list({}, 'no-es-token')).statusCode).toBe(401);
  });
});

describe('the periods a task found', () => {
  test('GET /tasks/periods/{task_association_id} lists them like /periods/all; filters and exports take the id too', async () => {
    const p = world.periods;
    const { taskAssociationId } = await seedTaskAssociation(t.db, world.owner.id, {
      rpuId: world.rpus.centro,
      periodIds: [p.centroJan.periodId, p.centroMar.periodId],
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tasks/periods/${taskAssociationId}?page_size=1`,
      headers: bearer(world.owner.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().count).toBe(2);
    expect(ids(response.json().data)).toEqual([p.centroMar.periodId]);

    const filtered = (await list({ task_association_id: taskAssociationId })).json();
    expect(ids(filtered.data)).toEqual([p.centroMar.periodId, p.centroJan.periodId]);
    const zip = await t.app.inject({
      method: 'POST',
      url: '/api/v1/periods/zip',
      payload: { task_association_id: taskAssociationId, download_type: 0 },
      headers: bearer(world.owner.token),
    });
    expect(zip.statusCode).toBe(200);
  });

  test('another user’s task is a 404; a malformed id a 422; no session a 401', async () => {
    const { taskAssociationId } = await seedTaskAssociation(t.db, world.stranger.id, {
      periodIds: [world.periods.strangers.periodId],
    });
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tasks/periods/${taskAssociationId}`,
      headers: bearer(world.owner.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Servicio de la tarea no encontrado', code: 'not_found' });
    expect((await list({ task_association_id: taskAssociationId })).statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tasks/periods/123',
      headers: bearer(world.owner.token),
    });
    expect(malformed.statusCode).toBe(422);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tasks/periods/${taskAssociationId}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /periods/series', () => {
  const series = (query: Record<string, string> = {}, token = world.owner.token) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/periods/series?${new URLSearchParams(query)}`,
      headers: bearer(token),
    });

  test('sums amount and consumption per month of the final date, oldest first, exactly', async () => {
    const response = await series();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      points: [
        {
          month: '2024-01',
          amount: '2320.60',
          consumption_kwh: '710.00',
          periods: 2,
          monthly_amount: '1500.50',
          bimonthly_amount: '820.10',
        },
        {
          month: '2024-02',
          amount: '1620.00',
          consumption_kwh: '430.25',
          periods: 1,
          monthly_amount: '1620.00',
          bimonthly_amount: '0.00',
        },
        {
          month: '2024-03',
          amount: '4904.99',
          consumption_kwh: '1300.50',
          periods: 2,
          monthly_amount: '3999.99',
          bimonthly_amount: '905.00',
        },
      ],
    });
  });

  test('takes the same filters, and only the caller’s periods', async () => {
    expect((await series({ rpu_id: world.rpus.centro, initial_date: '2024-02-01' })).json().points).toEqual([
      {
        month: '2024-02',
        amount: '1620.00',
        consumption_kwh: '430.25',
        periods: 1,
        monthly_amount: '1620.00',
        bimonthly_amount: '0.00',
      },
      {
        month: '2024-03',
        amount: '3999.99',
        consumption_kwh: '980.00',
        periods: 1,
        monthly_amount: '3999.99',
        bimonthly_amount: '0.00',
      },
    ]);
    expect((await series({}, world.stranger.token)).json().points).toEqual([
      {
        month: '2024-01',
        amount: '1000.00',
        consumption_kwh: '250.00',
        periods: 1,
        monthly_amount: '1000.00',
        bimonthly_amount: '0.00',
      },
    ]);
    expect((await series({ rpu_id: world.rpus.strangers })).statusCode).toBe(404);
    expect((await series({ initial_date: '2024-05-01', final_date: '2024-04-01' })).statusCode).toBe(422);
  });
});

test('the OpenAPI document lists the periods and media endpoints', async () => {
  const openapi = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  expect(Object.keys(openapi.paths)).toEqual(
    expect.arrayContaining([
      '/api/v1/periods/all',
      '/api/v1/periods/series',
      '/api/v1/periods/zip',
      '/api/v1/periods/csv',
      '/api/v1/periods/delete/bulk',
      '/api/v1/media/get-file',
      '/api/v1/tasks/periods/{task_association_id}',
    ]),
  );
  expect(
    openapi.paths['/api/v1/periods/zip'].post.requestBody.content['application/json'].schema.properties,
  ).toHaveProperty('download_type');
});

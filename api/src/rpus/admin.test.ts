import { RpuStatus, TaskStatus, TaskType, zPage, zRpuAdmin, zRpuComplete } from '@luz/shared/contract';
import { createTestApp, type TestApp } from '../testing/test-app';
import { recordRpuPortalData, setRpuStatus } from './service';
import { addCredential, addRpu, apiOf, type Caller, newCaller } from './test-helpers';

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let admin: Caller;
let ana: Caller;
let beto: Caller;
const zAdminPage = zPage(zRpuAdmin);

beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  admin = await newCaller(t, { isSuperuser: true, email: 'root@luz.test' });
  ana = await newCaller(t, { email: 'ana@aceros.mx', companyName: 'Aceros del Norte' });
  beto = await newCaller(t, { email: 'beto@textil.mx', companyName: 'Textiles Beto' });
});
afterAll(() => t.close());

describe('GET /rpus/admin', () => {
  let shared: string;
  beforeAll(async () => {
    const anaCredential = await addCredential(t, ana.token, { cfe_user: 'ana@cfe.test' });
    const first = await addRpu(t, ana.token, {
      service_number: '300000000001',
      alias: 'Fundición',
      credential_id: anaCredential.credential_id,
      with_autofetch: true,
    });
    shared = first.service_number;
    await setRpuStatus(t.db, first.rpu_id, RpuStatus.verified);
    await recordRpuPortalData(t.db, first.rpu_id, { hasUns: true });
    await addRpu(t, ana.token, {
      service_number: '300000000002',
      alias: 'Bodega',
      send_email_notifications: true,
    });
    await addRpu(t, beto.token, { service_number: shared, alias: 'Telar' });
    const gone = await addRpu(t, beto.token, { service_number: '300000000003', alias: 'Cerrado' });
    await api('POST', '/rpus/delete/bulk', beto.token, { rpu_ids: [gone.rpu_id] });
  });

  const list = async (query = '') => {
    const response = await api('GET', `/rpus/admin${query}`, admin.token);
    expect(response.statusCode).toBe(200);
    return zAdminPage.parse(response.json());
  };
  const aliases = async (query: string) => (await list(query)).data.map((rpu) => rpu.alias).sort();

  test('every user’s service points, deleted ones included, with the owner and the flags', async () => {
    const page = await list();
    expect(page.count).toBe(4);
    const telar = page.data.find((rpu) => rpu.alias === 'Telar');
    expect(telar).toMatchObject({
      user_id: beto.user.id,
      user_email: 'beto@textil.mx',
      user_company_name: 'Textiles Beto',
      duplicated: true,
      deleted: false,
      has_uns: false,
    });
    expect(page.data.find((rpu) => rpu.alias === 'Cerrado')).toMatchObject({
      deleted: true,
      duplicated: false,
    });
  });

  test.each([
    ['?email=ACEROS', ['Bodega', 'Fundición']],
    ['?company_name=textil', ['Cerrado', 'Telar']],
    [`?service_number=${'3000'}`, ['Bodega', 'Cerrado', 'Fundición', 'Telar']],
    ['?service_number=300000000001', ['Fundición', 'Telar']],
    ['?alias=FUNDICION', ['Fundición']],
    [`?rpu_status=${RpuStatus.verified}`, ['Fundición']],
    ['?deleted=true', ['Cerrado']],
    ['?deleted=false&duplicated=true', ['Fundición', 'Telar']],
    ['?has_uns=true', ['Fundición']],
    ['?with_autofetch=true', ['Fundición']],
    ['?send_email_notifications=true', ['Bodega']],
    ['?with_credential=false&deleted=false', ['Bodega', 'Telar']],
  ])('filter %s', async (query, expected) => {
    expect(await aliases(query)).toEqual(expected);
  });

  test('filter by user_id, and paginate', async () => {
    expect(await aliases(`?user_id=${ana.user.id}`)).toEqual(['Bodega', 'Fundición']);
    const page = await list('?page=2&page_size=3');
    expect(page).toMatchObject({ count: 4 });
    expect(page.data).toHaveLength(1);
  });
});

describe('POST /rpus/admin/delete/bulk', () => {
  test('deletes (softly) any user’s service points; an unknown id is 404 and changes nothing', async () => {
    const rpu = await addRpu(t, ana.token, { alias: 'Para borrar' });
    const missing = await api('POST', '/rpus/admin/delete/bulk', admin.token, {
      rpu_ids: [rpu.rpu_id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(missing.statusCode).toBe(404);
    expect((await api('GET', `/rpus/${rpu.rpu_id}`, ana.token)).statusCode).toBe(200);

    const response = await api('POST', '/rpus/admin/delete/bulk', admin.token, { rpu_ids: [rpu.rpu_id] });
    expect(response.json()).toEqual({ affected: 1 });
    expect((await api('GET', `/rpus/${rpu.rpu_id}`, ana.token)).statusCode).toBe(404);
    const seen = await api('GET', `/rpus/admin/${rpu.rpu_id}/complete`, admin.token);
    expect(seen.json().deleted).toBe(true);
  });
});

describe('GET /rpus/admin/{rpu_id}/complete', () => {
  test('the service point with its owner, credential, periods count and last task', async () => {
    const credential = await addCredential(t, ana.token, {
      cfe_user: 'completo@cfe.test',
      alias: 'Completa',
    });
    const rpu = await addRpu(t, ana.token, { alias: 'Completo', credential_id: credential.credential_id });
    await t.db.query(
      `INSERT INTO periods (user_id, rpu_id, credential_id, initial_date, final_date, amount)
       VALUES ($1, $2, $3, '2025-01-01', '2025-01-31', 100), ($1, $2, $3, '2025-02-01', '2025-02-28', 120)`,
      [ana.user.id, rpu.rpu_id, credential.credential_id],
    );
    for (const [status, created] of [
      [TaskStatus.error, '2025-01-01T10:00:00Z'],
      [TaskStatus.success, '2025-03-01T10:00:00Z'],
    ] as const) {
      const task = await t.db.query<{ id: string }>(
        `INSERT INTO tasks (user_id, type, status, workflow, created_at) VALUES ($1, $2, $3, 1, $4) RETURNING id`,
        [ana.user.id, TaskType.singleService, status, created],
      );
      await t.db.query(
        'INSERT INTO task_associations (task_id, user_id, rpu_id, workflow) VALUES ($1, $2, $3, 1)',
        [task.rows[0]?.id, ana.user.id, rpu.rpu_id],
      );
    }

    const response = await api('GET', `/rpus/admin/${rpu.rpu_id}/complete`, admin.token);
    expect(response.statusCode).toBe(200);
    const complete = zRpuComplete.parse(response.json());
    expect(complete).toMatchObject({
      rpu_id: rpu.rpu_id,
      alias: 'Completo',
      user_email: 'ana@aceros.mx',
      user: { id: ana.user.id, email: 'ana@aceros.mx', company_name: 'Aceros del Norte' },
      credential: {
        credential_id: credential.credential_id,
        alias: 'Completa',
        cfe_user: 'completo@cfe.test',
      },
      periods_count: 2,
      last_task: {
        type: TaskType.singleService,
        status: TaskStatus.success,
        created_at: '2025-03-01T10:00:00.000Z',
      },
    });
    expect(JSON.stringify(complete)).not.toMatch(/password/);
  });

  test('without credential or tasks; 404 for an unknown id', async () => {
    const rpu = await addRpu(t, beto.token);
    const complete = (await api('GET', `/rpus/admin/${rpu.rpu_id}/complete`, admin.token)).json();
    expect(complete).toMatchObject({ credential: null, periods_count: 0, last_task: null });
    const missing = await api(
      'GET',
      '/rpus/admin/00000000-0000-4000-8000-000000000000/complete',
      admin.token,
    );
    expect(missing.statusCode).toBe(404);
  });
});

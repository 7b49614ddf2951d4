// Syncs under transient portal faults: retried per request, resumed without downloading twice,
// every stored period announced whatever the outcome.
import type { Switches } from '../portal/replica/state';
import { bearer } from '../testing/fixtures';
import { waitForMail } from '../testing/outbox';
import { periodDocuments } from './receipts';
import { associationsOf, seedCredential, seedRpu, waitForTask } from './test-helpers';
import { syncTestWorld } from './test-world';

const world = syncTestWorld();

/** Starts a sync through the API: it must be accepted (202). */
async function post(token: string, url: string, payload: object = {}) {
  const { status, body } = await world.post(token, url, payload);
  expect(status).toBe(202);
  return body as { task_id: string };
}

const newAccount = (services: number, switches: Partial<Switches> = {}) =>
  world.newAccount('fallas', services, switches);

/** The receipts a sync stores for a service, in the order it downloads them (newest first). */
const receiptsOf = (serviceNumber: string) =>
  periodDocuments(
    (world.replica.world.service(serviceNumber)?.documents ?? []).map((document) => ({
      series: document.series,
      folio: document.folio,
      month: document.month,
      type: document.type,
      kind: document.kind === 'receipt' ? ('receipt' as const) : ('other' as const),
      formats: document.pdf ? (['pdf', 'xml'] as const).slice() : ['xml' as const],
    })),
  ).receipts;

const fileOf = (serviceNumber: string, receipt: { series: string; folio: string }, format: string) =>
  `${serviceNumber}/${receipt.series}-${receipt.folio}.${format}`;

const downloadsOf = (serviceNumber: string) =>
  [...world.replica.served.entries()].filter(([file]) => file.startsWith(`${serviceNumber}/`));

const tries = () => world.t.config.sync.portalRetries + 1;

async function syncOne(switches: Partial<Switches> = {}) {
  const { user, token } = await world.owner();
  const { username, account, services } = newAccount(1, switches);
  const serviceNumber = services[0] as string;
  const credentialId = await seedCredential(world.t, user.id, { cfeUser: username });
  const rpuId = await seedRpu(world.t, user.id, { serviceNumber, credentialId });
  return { user, token, username, account, serviceNumber, credentialId, rpuId };
}

test('a passing outage costs a request more, not the step: the first attempt succeeds', async () => {
  // Three of the firewall's empty answers, once the session is logged in.
  const { token, username, credentialId, rpuId } = await syncOne({ emptyNext: 3 });
  const before = world.replica.state.stats.byAccount.get(username) ?? 0;
  const task = await waitForTask(
    world.t,
    token,
    (await post(token, `/rpus/sync/${credentialId}/${rpuId}`)).task_id,
  );
  expect(task.status).toBe(1);
  const [association] = await associationsOf(world.t, task.task_id);
  expect(association).toMatchObject({ status: 1, attempt: 0 });
  expect((world.replica.state.stats.byAccount.get(username) ?? 0) - before).toBeGreaterThan(3);
});

test('a step that fails midway resumes where it stopped: every file downloaded once', async () => {
  const { token, serviceNumber, credentialId, rpuId } = await syncOne();
  const third = receiptsOf(serviceNumber)[2];
  if (!third) throw new Error('the service has too few receipts');
  // Its PDF fails every try of the first run of the step (its XML is already stored then).
  world.replica.failingDownloads.set(fileOf(serviceNumber, third, 'pdf'), tries());
  const task = await waitForTask(
    world.t,
    token,
    (await post(token, `/rpus/sync/${credentialId}/${rpuId}`)).task_id,
  );
  expect(task.status).toBe(1);
  const [association] = await associationsOf(world.t, task.task_id);
  expect(association).toMatchObject({ status: 1, attempt: 1 });

  const downloads = downloadsOf(serviceNumber);
  expect(downloads.length).toBeGreaterThan(2 * task.periods_count - 1);
  expect(downloads.filter(([, times]) => times !== 1)).toEqual([]);
  const { rows } = await world.t.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM documents WHERE rpu_id = $1 AND role = 'receipt'",
    [rpuId],
  );
  expect(rows[0]?.n).toBe(2 * task.periods_count);
});

test('periods stored by a run that ends in error are announced once each: webhooks and e-mail', async () => {
  const { user, token, serviceNumber, credentialId, rpuId } = await syncOne();
  await world.t.db.query('UPDATE rpus SET send_email_notifications = true WHERE id = $1', [rpuId]);
  const webhook = await world.t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/',
    headers: bearer(token),
    payload: { url: 'https://hooks.example.com/luz', events: ['period.created'] },
  });
  expect(webhook.statusCode).toBeLessThan(300);
  // A period the service point had before this run: newer ones are news for the owner's e-mail.
  await world.t.db.query(
    `INSERT INTO periods (user_id, rpu_id, credential_id, initial_date, final_date, amount, consumption_kwh, tariff)
     VALUES ($1, $2, $3, '2001-01-01', '2001-02-01', 100, 10, 'PDBT')`,
    [user.id, rpuId, credentialId],
  );
  const third = receiptsOf(serviceNumber)[2];
  if (!third) throw new Error('the service has too few receipts');
  world.replica.failingDownloads.set(fileOf(serviceNumber, third, 'pdf'), 1_000);

  const task = await waitForTask(
    world.t,
    token,
    (await post(token, `/rpus/sync/${credentialId}/${rpuId}`)).task_id,
  );
  expect(task.status).toBe(2);
  const { rows: periods } = await world.t.db.query<{ id: string }>(
    'SELECT id FROM periods WHERE rpu_id = $1 AND cfdi_uuid IS NOT NULL',
    [rpuId],
  );
  // Two whole receipts and the third's XML: three periods, none of them announced twice.
  expect(periods).toHaveLength(3);
  const { rows: announced } = await world.t.db.query<{ period_id: string; n: number }>(
    `SELECT payload->'data'->'period'->>'period_id' AS period_id, count(*)::int AS n
     FROM webhook_deliveries
     WHERE event_type = 'period.created' AND webhook_id IN (SELECT id FROM webhooks WHERE user_id = $1)
     GROUP BY 1`,
    [user.id],
  );
  expect(announced.map((row) => row.period_id).sort()).toEqual(periods.map((row) => row.id).sort());
  expect(announced.every((row) => row.n === 1)).toBe(true);
  const { rows: pending } = await world.t.db.query(
    'SELECT 1 FROM receipt_notifications WHERE rpu_id = $1 AND published_at IS NULL',
    [rpuId],
  );
  expect(pending).toEqual([]);
  const mail = await waitForMail(world.t.outboxDir, user.email);
  expect(mail.text).toContain('3 recibos nuevos');
});

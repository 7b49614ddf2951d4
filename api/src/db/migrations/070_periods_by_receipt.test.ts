import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { migrate } from '../migrate';
import { migrations } from './index';

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase({ migrated: false });
});
afterEach(() => t.drop());

test('070 keeps every existing period and payment: one billing month per service point, a repeated UUID once', async () => {
  await migrate(
    t.db,
    migrations.filter((migration) => migration.version < 70),
  );
  const { rows: users } = await t.db.query<{ id: string }>(
    "INSERT INTO users (email, hashed_password, full_name) VALUES ('a@luz.test', 'x', 'A') RETURNING id",
  );
  const userId = users[0]?.id;
  const { rows: rpus } = await t.db.query<{ id: string }>(
    "INSERT INTO rpus (user_id, service_number) VALUES ($1, '123456789012') RETURNING id",
    [userId],
  );
  const rpuId = rpus[0]?.id;
  // Identified by dates until now: two periods closing in January, one sharing another's UUID.
  for (const [initial, final, uuid] of [
    ['2024-12-01', '2024-12-31', 'AAAA'],
    ['2025-01-01', '2025-01-15', 'BBBB'],
    ['2025-01-16', '2025-01-31', 'BBBB'],
  ])
    await t.db.query(
      `INSERT INTO periods (user_id, rpu_id, initial_date, final_date, amount, cfdi_uuid)
       VALUES ($1, $2, $3, $4, 100, $5)`,
      [userId, rpuId, initial, final, uuid],
    );
  await t.db.query(
    `INSERT INTO payment_history (user_id, rpu_id, paid_on, amount, channel, reference)
     VALUES ($1, $2, '2025-01-20', 100, 'Banca en línea', 'R1')`,
    [userId, rpuId],
  );

  expect(
    await migrate(
      t.db,
      migrations.filter((migration) => migration.version <= 70),
    ),
  ).toEqual([70]);
  const { rows } = await t.db.query<{
    final_date: string;
    billing_month: string | null;
    cfdi_uuid: string | null;
  }>('SELECT final_date::text AS final_date, billing_month, cfdi_uuid FROM periods ORDER BY final_date');
  expect(rows).toEqual([
    { final_date: '2024-12-31', billing_month: '2024-12', cfdi_uuid: 'AAAA' },
    { final_date: '2025-01-15', billing_month: null, cfdi_uuid: 'BBBB' },
    { final_date: '2025-01-31', billing_month: '2025-01', cfdi_uuid: null },
  ]);
  const payments = await t.db.query('SELECT channel, cfdi_uuid, payment_index FROM payment_history');
  expect(payments.rows).toEqual([{ channel: 'Banca en línea', cfdi_uuid: null, payment_index: 0 }]);
});

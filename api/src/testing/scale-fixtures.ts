import type { Database, Queryable } from '../db/database';
import { seedSuperuser, seedUser, type TestUser } from './fixtures';

/**
 * An account at the scale of a large company, written by a few set-based statements (seconds,
 * not minutes): service points with varied aliases, statuses and flags spread over portal
 * accounts; periods with their PDF and XML; payments; tasks with one step per service point;
 * other users holding service points of their own. The query-plan test and `pnpm bench api` use
 * it, so both measure the same shape of data.
 */
export type ScaleSeed = {
  servicePoints: number;
  /** Periods (each with a PDF and an XML record) per service point. */
  periodsPerServicePoint?: number;
  /** Service points per task (each task holds one step per service point). */
  servicePointsPerTask?: number;
  /** Portal accounts the service points are spread over. */
  credentials?: number;
  /** Other users, each with `servicePointsPerOtherUser`. */
  otherUsers?: number;
  servicePointsPerOtherUser?: number;
};

export type ScaleAccount = {
  owner: TestUser;
  superuser: TestUser;
  credentialIds: string[];
  webhookId: string;
};

/** Words of the seeded aliases: "Sucursal Norte 17", "Almacén Bajío 2051"… */
const places = ['Sucursal', 'Planta', 'Oficina', 'Bodega', 'Tienda', 'Almacén', 'Nave', 'Caseta'];
const regions = [
  'Norte',
  'Sur',
  'Centro',
  'Oriente',
  'Poniente',
  'Bajío',
  'Costa',
  'Sierra',
  'Valle',
  'Golfo',
];

const sqlArray = (words: string[]) => `ARRAY[${words.map((word) => `'${word}'`).join(', ')}]`;

/** The alias's search text as `searchText` computes it, for the Spanish accents of the seeded words. */
const aliasSearch = (alias: string) => `lower(translate(${alias}, 'áéíóúÁÉÍÓÚ', 'aeiouAEIOU'))`;

async function seedServicePoints(
  db: Queryable,
  userId: string,
  count: number,
  credentialIds: string[],
  numberBase: number,
) {
  const alias = `(${sqlArray(places)})[1 + n % ${places.length}] || ' ' || (${sqlArray(regions)})[1 + (n / ${places.length}) % ${regions.length}] || ' ' || n`;
  // Statuses as a large account has them: most linked, some failing or waiting.
  await db.query(
    `INSERT INTO rpus (user_id, credential_id, service_number, alias, alias_search, rpu_status, with_autofetch,
       send_email_notifications, has_uns, duplicated, deleted, deleted_at, created_at, updated_at)
     SELECT $1::uuid, CASE WHEN n % 50 = 0 THEN NULL ELSE ($2::uuid[])[1 + n % array_length($2::uuid[], 1)] END,
       lpad(($3::bigint + n)::text, 12, '0'), a.alias, ${aliasSearch('a.alias')},
       CASE WHEN n % 50 = 0 THEN 5 WHEN n % 20 = 1 THEN 0 WHEN n % 20 = 2 THEN 2 WHEN n % 40 = 3 THEN 3
            WHEN n % 40 = 23 THEN 4 ELSE 1 END,
       n % 3 = 0, n % 5 = 0, n % 97 = 0, n % 199 = 0, n % 101 = 0, CASE WHEN n % 101 = 0 THEN now() END,
       now() - n * interval '1 minute', now() - n * interval '1 minute'
     FROM generate_series(1, $4::int) AS n, LATERAL (SELECT ${alias} AS alias) a`,
    [userId, credentialIds, numberBase, count],
  );
}

/**
 * In one transaction. The rows are consistent by construction, so where the role may (a superuser:
 * the test server, PGlite), the transaction skips the triggers as pg_restore does: the foreign-key
 * checks and the statements' change notices took a third of the seed's PostgreSQL work (25 → 16
 * CPU-s at 100,000 service points). The columns a trigger derives are written here.
 */
export async function seedScale(db: Database, seed: ScaleSeed): Promise<ScaleAccount> {
  return db.transaction(async (tx) => {
    await tx.exec(`DO $$ BEGIN
      IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        SET LOCAL session_replication_role = replica;
      END IF;
    END $$`);
    return seedRows(tx, seed);
  });
}

async function seedRows(db: Queryable, seed: ScaleSeed): Promise<ScaleAccount> {
  const {
    servicePoints,
    periodsPerServicePoint = 1,
    servicePointsPerTask = 50,
    credentials = 100,
    otherUsers = 200,
    servicePointsPerOtherUser = 5,
  } = seed;
  const owner = await seedUser(db, { email: 'grande@luz.test', companyName: 'Corporativo Grande' });
  const superuser = await seedSuperuser(db, { email: 'admin@luz.test', companyName: 'Luz' });
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO credentials (user_id, cfe_user, alias, password_encrypted)
     SELECT $1, 'cfe_usuario_' || n, 'Cuenta ' || n, 'sin-uso' FROM generate_series(1, $2::int) AS n RETURNING id`,
    [owner.id, credentials],
  );
  const credentialIds = rows.map((row) => row.id);
  await seedServicePoints(db, owner.id, servicePoints, credentialIds, 100_000_000_000);

  // Other users (for the superuser's lists), with a few service points each.
  await db.query(
    `INSERT INTO users (email, full_name, company_name, hashed_password, subscription_status, created_at)
     SELECT 'cliente' || n || '@empresa' || (n % 37) || '.mx', 'Cliente ' || n, 'Empresa ' || (n % 37) || ' S.A. de C.V.',
       'sin-uso', 'active', now() - n * interval '1 hour'
     FROM generate_series(1, $1::int) AS n`,
    [otherUsers],
  );
  await db.query(
    `INSERT INTO rpus (user_id, service_number, alias, alias_search, rpu_status, created_at)
     SELECT u.id, lpad((200000000000 + row_number() OVER ())::text, 12, '0'), 'Local ' || k, 'local ' || k, 1,
       u.created_at + k * interval '1 second'
     FROM users u, generate_series(1, $1::int) AS k WHERE u.hashed_password = 'sin-uso'`,
    [servicePointsPerOtherUser],
  );

  // Monthly periods going back from 2025, with a PDF and an XML each (records only: no files).
  await db.query(
    `INSERT INTO periods (user_id, rpu_id, service_number, credential_id, initial_date, final_date, billing_month,
       amount, consumption_kwh, tariff)
     SELECT r.user_id, r.id, r.service_number, r.credential_id, m.d, (m.d + interval '1 month' - interval '1 day')::date,
       to_char(m.d, 'YYYY-MM'), 500 + (k * 37) % 5000, 100 + (k * 11) % 900, 'GDMTO'
     FROM rpus r, generate_series(1, $2::int) AS k,
       LATERAL (SELECT (date '2025-06-01' - k * interval '1 month')::date AS d) m
     WHERE r.user_id = $1`,
    [owner.id, periodsPerServicePoint],
  );
  await db.query(
    `INSERT INTO documents (user_id, rpu_id, period_id, kind, file_name, storage_key, content_type, size_bytes, sha256)
     SELECT p.user_id, p.rpu_id, p.id, k.kind, p.id || '.' || k.kind, 'escala/' || p.id || '.' || k.kind,
       CASE k.kind WHEN 'pdf' THEN 'application/pdf' ELSE 'application/xml' END, 100000, 'sin-uso'
     FROM periods p, (VALUES ('pdf'), ('xml')) AS k(kind) WHERE p.user_id = $1`,
    [owner.id],
  );
  await db.query(
    `INSERT INTO payment_history (user_id, rpu_id, paid_on, amount, channel, reference, cfdi_uuid, payment_index)
     SELECT p.user_id, p.rpu_id, p.final_date + 10, p.amount, 'Banco', 'REF-' || p.id, p.id::text, 0
     FROM periods p WHERE p.user_id = $1`,
    [owner.id],
  );

  // Tasks of every type and status, each with one step per service point it covers.
  const tasks = Math.ceil(servicePoints / servicePointsPerTask);
  await db.query(
    `INSERT INTO tasks (user_id, type, status, workflow, credential_id, created_at, updated_at, finished_at)
     SELECT $1, 1 + n % 4, 1 + n % 3, 3, ($2::uuid[])[1 + n % array_length($2::uuid[], 1)],
       now() - n * interval '10 minutes', now() - n * interval '10 minutes', now() - n * interval '9 minutes'
     FROM generate_series(1, $3::int) AS n`,
    [owner.id, credentialIds, tasks],
  );
  await db.query(
    `WITH numbered_tasks AS (SELECT id, row_number() OVER (ORDER BY created_at DESC) - 1 AS t FROM tasks WHERE user_id = $1),
          numbered_rpus AS (SELECT id, credential_id, service_number, row_number() OVER (ORDER BY created_at DESC) - 1 AS n
                            FROM rpus WHERE user_id = $1)
     INSERT INTO task_associations (task_id, user_id, rpu_id, credential_id, service_number, workflow, status,
       progress, created_at, updated_at, finished_at)
     SELECT t.id, $1, r.id, r.credential_id, r.service_number, 3,
       CASE WHEN r.n % 25 = 0 THEN 2 WHEN r.n % 40 = 1 THEN 3 ELSE 1 END, 100, now(), now(), now()
     FROM numbered_rpus r JOIN numbered_tasks t ON t.t = r.n / $2`,
    [owner.id, servicePointsPerTask],
  );
  // One endpoint that has heard of every service point.
  const webhook = await db.query<{ id: string }>(
    `INSERT INTO webhooks (user_id, url, events, secret_encrypted) VALUES ($1, 'https://hooks.empresa.mx/luz', '{}', 'sin-uso')
     RETURNING id`,
    [owner.id],
  );
  const webhookId = (webhook.rows[0] as { id: string }).id;
  await db.query(
    `INSERT INTO webhook_deliveries (webhook_id, message_id, event_type, payload, status, attempts, created_at, updated_at)
     SELECT $1, 'msg_' || n, 'rpu.synced', '{}', 'delivered', 1, now() - n * interval '1 minute', now()
     FROM generate_series(1, $2::int) AS n`,
    [webhookId, servicePoints],
  );
  await db.exec('ANALYZE');
  return { owner, superuser, credentialIds, webhookId };
}

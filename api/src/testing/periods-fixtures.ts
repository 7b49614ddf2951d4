import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { DocumentKind } from '@luz/shared/contract';
import type { Queryable } from '../db/database';
import { searchText } from '../rpus/service';
import { type DocumentStorage, documentKey } from '../storage';
import { LocalDocumentStorage } from '../storage/local-storage';
import { seedUser, tokenFor } from './fixtures';
import type { TestApp } from './test-app';

/**
 * Periods and documents straight in the database and storage, as the sync engine leaves them,
 * for the tests of the endpoints that read them. Files go through the storage interface.
 */

export async function seedCredential(
  db: Queryable,
  userId: string,
  { cfeUser = `cfe-${randomBytes(4).toString('hex')}`, alias = '' } = {},
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    // The password is never read by these tests; a placeholder stands where the ciphertext goes.
    `INSERT INTO credentials (user_id, cfe_user, alias, password_encrypted) VALUES ($1, $2, $3, 'sin-uso') RETURNING id`,
    [userId, cfeUser, alias],
  );
  return (rows[0] as { id: string }).id;
}

export type RpuSeed = {
  serviceNumber?: string;
  alias?: string;
  credentialId?: string | null;
  deleted?: boolean;
};

/** A random 12-digit service number. */
export const randomServiceNumber = () => Array.from({ length: 12 }, () => String(randomInt(10))).join('');

export async function seedRpu(db: Queryable, userId: string, seed: RpuSeed = {}): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO rpus (user_id, service_number, alias, alias_search, credential_id, deleted, rpu_status)
     VALUES ($1, $2, $3, $4, $5, $6, 1) RETURNING id`,
    [
      userId,
      seed.serviceNumber ?? randomServiceNumber(),
      seed.alias ?? '',
      searchText(seed.alias ?? ''),
      seed.credentialId ?? null,
      seed.deleted ?? false,
    ],
  );
  return (rows[0] as { id: string }).id;
}

export type SeededDocument = { kind: DocumentKind; fileName: string; storageKey: string; body: Buffer };

export type SeededPeriod = { periodId: string; documents: SeededDocument[] };

export type PeriodSeed = {
  userId: string;
  rpuId: string;
  credentialId?: string | null;
  initialDate: string;
  finalDate: string;
  /** Decimal text, e.g. "1234.50". */
  amount?: string;
  consumptionKwh?: string;
  tariff?: string;
  /** Which documents to store, with their content (default: a small PDF and XML). */
  documents?: Partial<Record<DocumentKind, Buffer>>;
};

const contentTypes: Record<DocumentKind, string> = { pdf: 'application/pdf', xml: 'application/xml' };

/** Content that looks like the kind it claims and differs for every document. */
export function sampleDocument(kind: DocumentKind, size = 256): Buffer {
  const head = Buffer.from(kind === 'pdf' ? '%PDF-1.4\n' : '<?xml version="1.0" encoding="UTF-8"?>\n');
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}

export async function storeDocument(
  db: Queryable,
  storage: DocumentStorage,
  { userId, rpuId, periodId }: { userId: string; rpuId: string; periodId: string },
  kind: DocumentKind,
  body: Buffer,
): Promise<SeededDocument> {
  const storageKey = documentKey(userId, rpuId, periodId, kind);
  const fileName = `${periodId}.${kind}`;
  await storage.put(storageKey, body, contentTypes[kind]);
  await db.query(
    `INSERT INTO documents (user_id, rpu_id, period_id, kind, file_name, storage_key, content_type, size_bytes, sha256)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      userId,
      rpuId,
      periodId,
      kind,
      fileName,
      storageKey,
      contentTypes[kind],
      body.length,
      createHash('sha256').update(body).digest('hex'),
    ],
  );
  return { kind, fileName, storageKey, body };
}

export async function seedPeriod(
  db: Queryable,
  storage: DocumentStorage,
  seed: PeriodSeed,
): Promise<SeededPeriod> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO periods (user_id, rpu_id, credential_id, initial_date, final_date, amount, consumption_kwh, tariff, cfdi_uuid)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, gen_random_uuid()::text) RETURNING id`,
    [
      seed.userId,
      seed.rpuId,
      seed.credentialId ?? null,
      seed.initialDate,
      seed.finalDate,
      seed.amount ?? '1000.00',
      seed.consumptionKwh ?? '250.00',
      seed.tariff ?? 'PDBT',
    ],
  );
  const periodId = (rows[0] as { id: string }).id;
  const wanted = seed.documents ?? { pdf: sampleDocument('pdf'), xml: sampleDocument('xml') };
  const documents: SeededDocument[] = [];
  for (const kind of ['pdf', 'xml'] as const) {
    const body = wanted[kind];
    if (body) documents.push(await storeDocument(db, storage, { ...seed, periodId }, kind, body));
  }
  return { periodId, documents };
}

export type PeriodsWorld = {
  owner: { id: string; token: string };
  stranger: { id: string; token: string };
  credentials: { main: string; second: string };
  rpus: { centro: string; norte: string; deleted: string; strangers: string };
  serviceNumbers: { centro: string; norte: string };
  /** By a short name: centroJan, centroFeb, centroMar (monthly); norteDecJan, norteFebMar (bimonthly, PDF only). */
  periods: Record<
    'centroJan' | 'centroFeb' | 'centroMar' | 'norteDecJan' | 'norteFebMar' | 'deleted' | 'strangers',
    SeededPeriod
  >;
};

/**
 * Two users. The owner has two portal accounts: "Oficina Centro" (monthly, PDF and XML) under the
 * first, "Bodega / Norte" (bimonthly, the last period with its PDF only) under the second, and a
 * deleted service point with one period. The stranger has one service point and period of their own.
 */
export async function seedPeriodsWorld(
  db: Queryable,
  storage: DocumentStorage,
  users: { owner: { id: string; token: string }; stranger: { id: string; token: string } },
): Promise<PeriodsWorld> {
  const { owner, stranger } = users;
  const main = await seedCredential(db, owner.id);
  const second = await seedCredential(db, owner.id);
  const serviceNumbers = { centro: '123456789012', norte: '012345678901' };
  const centro = await seedRpu(db, owner.id, {
    serviceNumber: serviceNumbers.centro,
    alias: 'Oficina Centro',
    credentialId: main,
  });
  const norte = await seedRpu(db, owner.id, {
    serviceNumber: serviceNumbers.norte,
    alias: 'Bodega / Norte',
    credentialId: second,
  });
  const deleted = await seedRpu(db, owner.id, { alias: 'Cerrado', credentialId: main, deleted: true });
  const strangerCredential = await seedCredential(db, stranger.id);
  const strangers = await seedRpu(db, stranger.id, {
    serviceNumber: serviceNumbers.centro,
    alias: 'Ajeno',
    credentialId: strangerCredential,
  });

  const period = (
    rpuId: string,
    credentialId: string,
    initialDate: string,
    finalDate: string,
    extra: Partial<PeriodSeed> = {},
  ) => seedPeriod(db, storage, { userId: owner.id, rpuId, credentialId, initialDate, finalDate, ...extra });
  return {
    owner,
    stranger,
    credentials: { main, second },
    rpus: { centro, norte, deleted, strangers },
    serviceNumbers,
    periods: {
      centroJan: await period(centro, main, '2024-01-01', '2024-01-31', {
        amount: '1500.50',
        consumptionKwh: '410.00',
      }),
      centroFeb: await period(centro, main, '2024-02-01', '2024-02-29', {
        amount: '1620.00',
        consumptionKwh: '430.25',
      }),
      centroMar: await period(centro, main, '2024-03-01', '2024-03-31', {
        amount: '3999.99',
        consumptionKwh: '980.00',
      }),
      norteDecJan: await period(norte, second, '2023-12-01', '2024-01-31', {
        amount: '820.10',
        consumptionKwh: '300.00',
        tariff: '1C',
      }),
      norteFebMar: await period(norte, second, '2024-02-01', '2024-03-31', {
        amount: '905.00',
        consumptionKwh: '320.50',
        tariff: '1C',
        documents: { pdf: sampleDocument('pdf') },
      }),
      deleted: await period(deleted, main, '2024-01-01', '2024-01-31'),
      strangers: await seedPeriod(db, storage, {
        userId: stranger.id,
        rpuId: strangers,
        credentialId: strangerCredential,
        initialDate: '2024-01-01',
        finalDate: '2024-01-31',
      }),
    },
  };
}

/** A task of `userId` with one service point (association) that found `periodIds`; answers the ids. */
export async function seedTaskAssociation(
  db: Queryable,
  userId: string,
  { rpuId = null, periodIds = [] }: { rpuId?: string | null; periodIds?: string[] } = {},
): Promise<{ taskId: string; taskAssociationId: string }> {
  const task = await db.query<{ id: string }>(
    'INSERT INTO tasks (user_id, type, status, workflow) VALUES ($1, 1, 1, 1) RETURNING id',
    [userId],
  );
  const taskId = (task.rows[0] as { id: string }).id;
  const association = await db.query<{ id: string }>(
    `INSERT INTO task_associations (task_id, user_id, rpu_id, workflow, status, progress)
     VALUES ($1, $2, $3, 1, 1, 100) RETURNING id`,
    [taskId, userId, rpuId],
  );
  const taskAssociationId = (association.rows[0] as { id: string }).id;
  for (const periodId of periodIds) {
    await db.query('INSERT INTO task_association_periods (task_association_id, period_id) VALUES ($1, $2)', [
      taskAssociationId,
      periodId,
    ]);
  }
  return { taskId, taskAssociationId };
}

/** The local folder a test app keeps its documents in (its default storage). */
export function localStorageOf(t: TestApp): LocalDocumentStorage {
  if (t.config.storage.kind !== 'local') throw new Error('This test app stores documents in S3');
  return new LocalDocumentStorage(t.config.storage.dir);
}

/** `seedPeriodsWorld` with two fresh users of the app and their tokens. */
export async function seedPeriodsWorldIn(t: TestApp, storage: DocumentStorage): Promise<PeriodsWorld> {
  const user = async () => {
    const { id } = await seedUser(t.db);
    return { id, token: await tokenFor(t.config, t.db, id) };
  };
  return seedPeriodsWorld(t.db, storage, { owner: await user(), stranger: await user() });
}

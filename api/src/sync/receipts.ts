import { createHash } from 'node:crypto';
import { assertDocumentOf, CfdiError, type CfeInvoice, readCfeCfdi } from '../cfdi/read-cfdi';
import type { Database, Queryable } from '../db/database';
import type { CfePortal, PortalCredential, PortalDocument } from '../portal/mi-espacio/portal';
import { type DocumentStorage, documentKey } from '../storage/document-storage';
import { DocumentError } from './errors';
import { syncMessages } from './messages';
import { upsertPeriod } from './periods';

type Kind = 'pdf' | 'xml';

const contentTypes: Record<Kind, string> = { pdf: 'application/pdf', xml: 'application/xml' };

/** Reads a downloaded CFDI; a file that is not one, or that names another service, is a DocumentError. */
export function readDocumentOf(xml: Buffer, serviceNumber: string) {
  try {
    const document = readCfeCfdi(xml);
    assertDocumentOf(document, serviceNumber);
    return document;
  } catch (error) {
    if (error instanceof CfdiError) throw new DocumentError(error.message);
    throw error;
  }
}

function assertPdf(pdf: Buffer) {
  if (pdf.length < 8 || pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw new DocumentError(syncMessages.documentInvalid);
}

/** Unique over every user: the period id is in it. Readable: service number and closing date first. */
export const documentFileName = (serviceNumber: string, finalDate: string, periodId: string, kind: Kind) =>
  `${serviceNumber}_${finalDate.replaceAll('-', '')}_${periodId}.${kind}`;

/** A complementary invoice's stored name: the service number, the invoice's series and folio, its period. */
export const companionFileName = (serviceNumber: string, document: GridDocument, periodId: string) =>
  `${serviceNumber}_${document.series}-${document.folio}_${periodId}.xml`;

/** What names a document of the grid until its XML is read. */
export type GridDocument = Pick<PortalDocument, 'series' | 'folio'>;

export type ReceiptsTarget = {
  userId: string;
  rpuId: string;
  credentialId: string | null;
  serviceNumber: string;
  taskAssociationId: string;
};

export type StoredReceipts = {
  periods: number;
  created: number;
  downloaded: number;
  /** False when the time budget ran out first: the rest is for the next run of the step. */
  complete: boolean;
  /** Receipts the portal lists (one per month). */
  listed: number;
};

export type ReceiptDeps = { db: Database; storage: DocumentStorage; portal: CfePortal };

export const gridKey = (document: GridDocument) => `${document.series}-${document.folio}`;

/**
 * What the portal's grid lists, as far as the grid alone tells: one receipt per month (the highest
 * folio when CFE re-issued it), and the other documents (payment CFDIs, complementary invoices),
 * which only their XML tells apart.
 */
export function periodDocuments(documents: readonly PortalDocument[]) {
  const receipts = new Map<string, PortalDocument>();
  for (const document of documents) {
    if (document.kind !== 'receipt') continue;
    const kept = receipts.get(document.month);
    if (!kept || `${document.folio}${document.series}` > `${kept.folio}${kept.series}`)
      receipts.set(document.month, document);
  }
  return {
    receipts: [...receipts.values()].sort((a, b) => b.month.localeCompare(a.month)),
    others: documents.filter((document) => document.kind === 'other'),
  };
}

/** How far a pass over a service's grid may go, and whom it tells of its progress. */
export type GridBudget = {
  signal?: AbortSignal;
  /** Past it (ms since the epoch) the pass stops between documents and says it is incomplete. */
  deadline?: number;
  /** After each document downloaded: how many of the listed documents are stored. */
  onProgress?: (done: number, total: number) => Promise<void>;
};

type KnownPeriod = { id: string; kinds: Set<Kind> };

/**
 * Stores the receipts the portal lists for a service point: one period per receipt (its identity
 * the CFDI's UUID) with its CFDI XML and PDF, and links every period found to the task
 * association. The XML is read first: a receipt naming another service is never stored. Idempotent and resumable: a receipt already stored (known by series and
 * folio) costs no request, a half-stored one is completed, and running it twice stores nothing
 * twice. Past `deadline` it stops between documents and says so, which keeps every job short.
 */
export async function storeReceipts(
  { db, storage, portal }: ReceiptDeps,
  credential: PortalCredential,
  target: ReceiptsTarget,
  documents: readonly PortalDocument[],
  { signal, deadline = Number.POSITIVE_INFINITY, onProgress }: GridBudget = {},
): Promise<StoredReceipts> {
  const { receipts } = periodDocuments(documents);
  const known = await knownPeriods(db, target.rpuId);
  const latestBefore = await latestFinalDate(db, target.rpuId);
  const found: string[] = [];
  let created = 0;
  let downloaded = 0;
  let complete = true;

  for (const receipt of receipts) {
    signal?.throwIfAborted();
    const period = known.get(gridKey(receipt));
    if (period && receipt.formats.every((kind) => period.kinds.has(kind))) {
      found.push(period.id);
      continue;
    }
    if (Date.now() >= deadline) {
      complete = false;
      break;
    }
    // The XML first: it says whether the receipt belongs here at all. Each file is stored as soon
    // as it arrives, so a step that fails later resumes with what is missing, nothing twice.
    let periodId = period?.id;
    /** What names the PDF: from the XML just read, else from the stored period. */
    let named: { finalDate: string; uuid: string | null } | null = null;
    if (!period?.kinds.has('xml')) {
      const { body: xml } = await portal.downloadDocument(credential, target.serviceNumber, receipt, 'xml');
      const invoice = readDocumentOf(xml, target.serviceNumber);
      if (invoice.kind !== 'receipt') throw new DocumentError(syncMessages.documentInvalid);
      downloaded += 1;
      const stored = await upsertPeriod(db, storage, target, invoice, latestBefore);
      if (stored.inserted) created += 1;
      periodId = stored.id;
      await storeDocument(db, storage, target, periodId, 'xml', xml, {
        fileName: documentFileName(target.serviceNumber, finalDateOf(invoice), periodId, 'xml'),
        role: 'receipt',
        document: receipt,
        uuid: invoice.uuid,
      });
      named = { finalDate: finalDateOf(invoice), uuid: invoice.uuid };
    }
    if (!periodId) continue;
    if (receipt.formats.includes('pdf') && !period?.kinds.has('pdf')) {
      const { body: pdf } = await portal.downloadDocument(credential, target.serviceNumber, receipt, 'pdf');
      assertPdf(pdf);
      downloaded += 1;
      named ??= await storedPeriod(db, periodId);
      await storeDocument(db, storage, target, periodId, 'pdf', pdf, {
        fileName: documentFileName(target.serviceNumber, named.finalDate, periodId, 'pdf'),
        role: 'receipt',
        document: receipt,
        uuid: named.uuid,
      });
    }
    found.push(periodId);
    await onProgress?.(found.length, receipts.length);
  }

  await linkPeriods(db, target.taskAssociationId, found);
  if (found.length > 0) await refreshRpuFromLatestPeriod(db, target.rpuId);
  return { periods: new Set(found).size, created, downloaded, complete, listed: receipts.length };
}

/** The service point's periods by the series and folio of their receipt, with the receipt's documents stored. */
async function knownPeriods(db: Queryable, rpuId: string): Promise<Map<string, KnownPeriod>> {
  const { rows } = await db.query<{ id: string; series: string; folio: string; kinds: Kind[] }>(
    `SELECT p.id, p.cfdi_series AS series, p.cfdi_folio AS folio,
       coalesce(array_agg(d.kind) FILTER (WHERE d.kind IS NOT NULL), '{}') AS kinds
     FROM periods p LEFT JOIN documents d ON d.period_id = p.id AND d.role = 'receipt'
     WHERE p.rpu_id = $1 AND p.cfdi_folio IS NOT NULL GROUP BY p.id`,
    [rpuId],
  );
  return new Map(
    rows.map((row) => [`${row.series}-${row.folio}`, { id: row.id, kinds: new Set(row.kinds) }]),
  );
}

export async function knownCompanions(db: Queryable, rpuId: string): Promise<Set<string>> {
  const { rows } = await db.query<{ key: string }>(
    `SELECT cfdi_series || '-' || cfdi_folio AS key FROM documents WHERE rpu_id = $1 AND role <> 'receipt'`,
    [rpuId],
  );
  return new Set(rows.map((row) => row.key));
}

async function latestFinalDate(db: Queryable, rpuId: string): Promise<string | null> {
  const { rows } = await db.query<{ latest: string | null }>(
    'SELECT max(final_date)::text AS latest FROM periods WHERE rpu_id = $1',
    [rpuId],
  );
  return rows[0]?.latest ?? null;
}

const finalDateOf = (invoice: CfeInvoice) => invoice.finalDate ?? invoice.issuedAt.slice(0, 10);

async function storedPeriod(
  db: Queryable,
  periodId: string,
): Promise<{ finalDate: string; uuid: string | null }> {
  const { rows } = await db.query<{ final_date: string; cfdi_uuid: string | null }>(
    'SELECT final_date::text AS final_date, cfdi_uuid FROM periods WHERE id = $1',
    [periodId],
  );
  return { finalDate: rows[0]?.final_date ?? '', uuid: rows[0]?.cfdi_uuid ?? null };
}

/** The period a complementary invoice belongs to: the receipt it relates to, else its billing month. */
export async function periodOfCompanion(
  db: Queryable,
  rpuId: string,
  invoice: { relatedUuids: string[]; billingMonth?: string | null },
) {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM periods WHERE rpu_id = $1 AND (cfdi_uuid = ANY($2::text[]) OR billing_month = $3)
     ORDER BY (cfdi_uuid = ANY($2::text[])) DESC NULLS LAST LIMIT 1`,
    [rpuId, invoice.relatedUuids, invoice.billingMonth ?? null],
  );
  return rows[0]?.id ?? null;
}

type StoredAs = {
  fileName: string;
  role: 'receipt' | 'complementary';
  document: GridDocument;
  uuid: string | null;
};

/** The file first, then its row: a row never points to a missing file. Writing twice changes nothing. */
export async function storeDocument(
  db: Queryable,
  storage: DocumentStorage,
  target: ReceiptsTarget,
  periodId: string,
  kind: Kind,
  body: Buffer,
  as: StoredAs,
) {
  const key =
    as.role === 'receipt'
      ? documentKey(target.userId, target.rpuId, periodId, kind)
      : documentKey(
          target.userId,
          target.rpuId,
          periodId,
          kind,
          `${as.document.series}-${as.document.folio}`,
        );
  await storage.put(key, body, contentTypes[kind]);
  const conflict =
    as.role === 'receipt'
      ? `(period_id, kind) WHERE role = 'receipt'`
      : `(period_id, cfdi_series, cfdi_folio, kind) WHERE role <> 'receipt'`;
  await db.query(
    `INSERT INTO documents (user_id, rpu_id, period_id, kind, file_name, storage_key, content_type, size_bytes, sha256,
       role, cfdi_uuid, cfdi_series, cfdi_folio)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT ${conflict} DO UPDATE SET
       storage_key = EXCLUDED.storage_key, size_bytes = EXCLUDED.size_bytes, sha256 = EXCLUDED.sha256,
       cfdi_uuid = coalesce(EXCLUDED.cfdi_uuid, documents.cfdi_uuid),
       cfdi_series = EXCLUDED.cfdi_series, cfdi_folio = EXCLUDED.cfdi_folio`,
    [
      target.userId,
      target.rpuId,
      periodId,
      kind,
      as.fileName,
      key,
      contentTypes[kind],
      body.length,
      createHash('sha256').update(body).digest('hex'),
      as.role,
      as.uuid,
      as.document.series,
      as.document.folio,
    ],
  );
}

/** Stores the CFDI XML of a period's receipt read elsewhere (the consultation service). */
export async function storeReceiptXml(
  db: Queryable,
  storage: DocumentStorage,
  target: ReceiptsTarget,
  periodId: string,
  invoice: CfeInvoice,
  xml: Buffer,
) {
  await storeDocument(db, storage, target, periodId, 'xml', xml, {
    fileName: documentFileName(target.serviceNumber, finalDateOf(invoice), periodId, 'xml'),
    role: 'receipt',
    document: { series: invoice.series, folio: invoice.folio },
    uuid: invoice.uuid,
  });
}

/** What the latest receipt says about the service point: holder, address, tariff and last amount. */
export async function refreshRpuFromLatestPeriod(db: Queryable, rpuId: string) {
  await db.query(
    `UPDATE rpus r SET
       holder_name = coalesce(p.holder_name, r.holder_name),
       address = coalesce(p.address, r.address),
       tariff = CASE WHEN p.tariff <> '' THEN p.tariff ELSE r.tariff END,
       last_amount = p.amount,
       last_period_end = p.final_date,
       updated_at = now()
     FROM (SELECT holder_name, address, tariff, amount, final_date FROM periods
           WHERE rpu_id = $1 ORDER BY final_date DESC, created_at DESC LIMIT 1) p
     WHERE r.id = $1`,
    [rpuId],
  );
}

export async function linkPeriods(db: Queryable, taskAssociationId: string, periodIds: readonly string[]) {
  if (periodIds.length === 0) return;
  await db.query(
    `INSERT INTO task_association_periods (task_association_id, period_id)
     SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
    [taskAssociationId, [...new Set(periodIds)]],
  );
}

import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import type { Database, Queryable } from '../db/database';
import type { PortalClient, PortalCredential, PortalReceipt } from '../portal/portal-client';
import { type DocumentStorage, documentKey } from '../storage/document-storage';
import { DocumentError } from './errors';
import { syncMessages } from './messages';

type Kind = 'pdf' | 'xml';

const contentTypes: Record<Kind, string> = { pdf: 'application/pdf', xml: 'application/xml' };

const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, attributeNamePrefix: '@' });

type XmlNode = Record<string, unknown>;
const asList = (value: unknown): XmlNode[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]) as XmlNode[];
const child = (node: XmlNode | undefined, name: string): XmlNode | undefined => asList(node?.[name])[0];
const attribute = (node: XmlNode | undefined, name: string): string | undefined => {
  const value = node?.[`@${name}`];
  return value === undefined ? undefined : String(value);
};

export type Cfdi = { serviceNumbers: string[]; uuid: string | null; total: string | null };

/**
 * What a CFDI says about itself: every service number it names (the concepts' identification
 * and CFE's addenda) and its stamp's UUID. Throws DocumentError when it is not a CFDI at all.
 */
export function readCfdi(xml: Buffer): Cfdi {
  let document: XmlNode;
  try {
    document = parser.parse(xml.toString('utf8')) as XmlNode;
  } catch {
    throw new DocumentError(syncMessages.documentInvalid);
  }
  const voucher = child(document, 'Comprobante');
  if (!voucher) throw new DocumentError(syncMessages.documentInvalid);
  const concepts = asList(child(voucher, 'Conceptos')?.Concepto);
  const numbers = [
    ...concepts.map((concept) => attribute(concept, 'NoIdentificacion')),
    attribute(child(child(voucher, 'Addenda'), 'Recibo'), 'NumeroServicio'),
  ].filter((value): value is string => Boolean(value));
  const stamp = child(child(voucher, 'Complemento'), 'TimbreFiscalDigital');
  return {
    serviceNumbers: [...new Set(numbers)],
    uuid: attribute(stamp, 'UUID')?.toUpperCase() ?? null,
    total: attribute(voucher, 'Total') ?? null,
  };
}

/**
 * A CFDI may be stored under a service point only if it names that service point, and no other:
 * checked on every receipt, never assumed from the URL it came from.
 */
export function assertCfdiOf(cfdi: Cfdi, serviceNumber: string, receipt: PortalReceipt) {
  const others = cfdi.serviceNumbers.filter((number) => number !== serviceNumber);
  if (cfdi.serviceNumbers.length === 0 || others.length > 0)
    throw new DocumentError(syncMessages.documentMismatch(serviceNumber, others.join(', ')));
  if (cfdi.uuid && receipt.uuid && cfdi.uuid !== receipt.uuid.toUpperCase())
    throw new DocumentError(syncMessages.documentInvalid);
}

function assertPdf(pdf: Buffer) {
  if (pdf.length < 8 || pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw new DocumentError(syncMessages.documentInvalid);
}

/** Unique over every user: the period id is in it. Readable: service number and closing date first. */
export const documentFileName = (serviceNumber: string, finalDate: string, periodId: string, kind: Kind) =>
  `${serviceNumber}_${finalDate.replaceAll('-', '')}_${periodId}.${kind}`;

type ExistingPeriod = { id: string; kinds: Set<Kind> };

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
  /** Receipts the portal lists. */
  listed: number;
};

export type ReceiptDeps = { db: Database; storage: DocumentStorage; portal: PortalClient };

/**
 * Stores what the portal lists for a service point: one period per receipt and its PDF and CFDI
 * XML, and links every period found to the task association. Idempotent and resumable: a
 * receipt already stored with both documents costs no request, a half-stored one is completed,
 * and running it twice stores nothing twice. Past `deadline` it stops between receipts and says
 * so, which keeps every job short (a crashed worker's job is retried after its expiry).
 */
export async function storeReceipts(
  { db, storage, portal }: ReceiptDeps,
  credential: PortalCredential,
  target: ReceiptsTarget,
  receipts: readonly PortalReceipt[],
  { signal, deadline = Number.POSITIVE_INFINITY }: { signal?: AbortSignal; deadline?: number } = {},
): Promise<StoredReceipts> {
  const existing = await existingPeriods(db, target.rpuId);
  const latestBefore =
    [...existing.keys()]
      .map((key) => key.split('|')[1] ?? '')
      .sort()
      .at(-1) ?? null;
  const found: string[] = [];
  let created = 0;
  let downloaded = 0;

  let complete = true;
  let storing: Promise<void> = Promise.resolve();
  for (const receipt of receipts) {
    signal?.throwIfAborted();
    const known = existing.get(periodKey(receipt.initialDate, receipt.finalDate));
    if (known?.kinds.has('pdf') && known.kinds.has('xml')) {
      found.push(known.id);
      continue;
    }
    if (Date.now() >= deadline) {
      complete = false;
      break;
    }
    // The XML first: it says whether the receipt belongs here at all.
    const files = new Map<Kind, Buffer>();
    let cfdi: Cfdi | null = null;
    if (!known?.kinds.has('xml')) {
      const xml = await portal.downloadDocument(credential, target.serviceNumber, receipt.id, 'xml');
      cfdi = readCfdi(xml);
      assertCfdiOf(cfdi, target.serviceNumber, receipt);
      files.set('xml', xml);
    }
    if (!known?.kinds.has('pdf')) {
      const pdf = await portal.downloadDocument(credential, target.serviceNumber, receipt.id, 'pdf');
      assertPdf(pdf);
      files.set('pdf', pdf);
    }
    downloaded += files.size;

    // The previous receipt is stored while this one downloads: one store in flight at a time,
    // and its failure surfaces here, before anything else is stored.
    await storing;
    const uuid = cfdi?.uuid ?? null;
    storing = (async () => {
      const period = await upsertPeriod(db, target, receipt, uuid, latestBefore);
      if (period.inserted) created += 1;
      for (const [kind, body] of files)
        await storeDocument(db, storage, target, receipt, period.id, kind, body);
      found.push(period.id);
    })();
    // Not awaited yet: mark it handled, so a failure while the next one downloads is not "unhandled".
    storing.catch(() => undefined);
  }
  await storing;

  await linkPeriods(db, target.taskAssociationId, found);
  return { periods: found.length, created, downloaded, complete, listed: receipts.length };
}

const periodKey = (initialDate: string, finalDate: string) => `${initialDate}|${finalDate}`;

async function existingPeriods(db: Queryable, rpuId: string): Promise<Map<string, ExistingPeriod>> {
  const { rows } = await db.query<{ id: string; initial_date: string; final_date: string; kinds: Kind[] }>(
    `SELECT p.id, p.initial_date::text AS initial_date, p.final_date::text AS final_date,
       coalesce(array_agg(d.kind) FILTER (WHERE d.kind IS NOT NULL), '{}') AS kinds
     FROM periods p LEFT JOIN documents d ON d.period_id = p.id
     WHERE p.rpu_id = $1 GROUP BY p.id`,
    [rpuId],
  );
  return new Map(
    rows.map((row) => [
      periodKey(row.initial_date, row.final_date),
      { id: row.id, kinds: new Set(row.kinds) },
    ]),
  );
}

/**
 * The period of a receipt, created or refreshed. A created one is recorded for the webhooks, and
 * for the owner's e-mail when it is newer than every period the service point had before this
 * run (so not on its first sync), in the same transaction: a repeated step can neither lose nor
 * repeat the notice.
 */
export async function upsertPeriod(
  db: Database,
  target: ReceiptsTarget,
  receipt: Pick<PortalReceipt, 'initialDate' | 'finalDate' | 'total' | 'kwh' | 'tariff'>,
  cfdiUuid: string | null,
  latestBefore: string | null,
): Promise<{ id: string; inserted: boolean }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; inserted: boolean }>(
      `INSERT INTO periods (user_id, rpu_id, credential_id, initial_date, final_date, amount, consumption_kwh, tariff, cfdi_uuid)
       VALUES ($1, $2, $3, $4, $5, $6::numeric, $7::numeric, $8, $9)
       ON CONFLICT (rpu_id, initial_date, final_date) DO UPDATE SET
         amount = EXCLUDED.amount,
         consumption_kwh = CASE WHEN EXCLUDED.consumption_kwh > 0 THEN EXCLUDED.consumption_kwh ELSE periods.consumption_kwh END,
         tariff = CASE WHEN EXCLUDED.tariff <> '' THEN EXCLUDED.tariff ELSE periods.tariff END,
         cfdi_uuid = coalesce(EXCLUDED.cfdi_uuid, periods.cfdi_uuid),
         credential_id = coalesce(EXCLUDED.credential_id, periods.credential_id)
       RETURNING id, (xmax = 0) AS inserted`,
      [
        target.userId,
        target.rpuId,
        target.credentialId,
        receipt.initialDate,
        receipt.finalDate,
        String(receipt.total),
        String(receipt.kwh),
        receipt.tariff,
        cfdiUuid,
      ],
    );
    const period = rows[0] as { id: string; inserted: boolean };
    if (period.inserted) {
      await tx.query(
        `INSERT INTO receipt_notifications (period_id, user_id, rpu_id, task_association_id, email)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (period_id) DO NOTHING`,
        [
          period.id,
          target.userId,
          target.rpuId,
          target.taskAssociationId,
          latestBefore !== null && receipt.finalDate > latestBefore,
        ],
      );
    }
    return period;
  });
}

/** The file first, then its row: a row never points to a missing file. Writing twice changes nothing. */
async function storeDocument(
  db: Queryable,
  storage: DocumentStorage,
  target: ReceiptsTarget,
  receipt: PortalReceipt,
  periodId: string,
  kind: Kind,
  body: Buffer,
) {
  const key = documentKey(target.userId, target.rpuId, periodId, kind);
  await storage.put(key, body, contentTypes[kind]);
  await db.query(
    `INSERT INTO documents (user_id, rpu_id, period_id, kind, file_name, storage_key, content_type, size_bytes, sha256)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (period_id, kind) DO UPDATE SET
       storage_key = EXCLUDED.storage_key, size_bytes = EXCLUDED.size_bytes, sha256 = EXCLUDED.sha256`,
    [
      target.userId,
      target.rpuId,
      periodId,
      kind,
      documentFileName(target.serviceNumber, receipt.finalDate, periodId, kind),
      key,
      contentTypes[kind],
      body.length,
      createHash('sha256').update(body).digest('hex'),
    ],
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

import type { PortalCredential, PortalDocument } from '../portal/mi-espacio/portal';
import { DocumentError } from './errors';
import { knownPayments, storePaymentCfdi } from './payments';
import {
  companionFileName,
  type GridBudget,
  gridKey,
  knownCompanions,
  periodDocuments,
  periodOfCompanion,
  type ReceiptDeps,
  type ReceiptsTarget,
  readDocumentOf,
  storeDocument,
} from './receipts';

export type StoredOthers = {
  /** Payment rows new in the history. */
  paymentsCreated: number;
  /** False when the time budget ran out first: the rest is for the next run of the step. */
  complete: boolean;
  /** Payment documents not stored because nothing ties them to this service (DocumentError). */
  refused: DocumentError[];
};

/**
 * The grid's documents that are not receipts: CFE's payment CFDIs (pago20) and complementary
 * invoices, which the grid does not tell apart (REAL-CFE.md §1): each XML is read, checked
 * against the service, and a payment goes to the payment history, a complementary invoice to its
 * receipt's period. A document stored either way (known by series and folio) costs no request;
 * storing twice changes nothing. Receipts go first (`storeReceipts`): payments and complementary
 * invoices are tied to their periods.
 */
export async function storeOtherDocuments(
  { db, storage, portal }: ReceiptDeps,
  credential: PortalCredential,
  target: ReceiptsTarget,
  documents: readonly PortalDocument[],
  { signal, deadline = Number.POSITIVE_INFINITY, onProgress }: GridBudget = {},
): Promise<StoredOthers> {
  const { others } = periodDocuments(documents);
  const known = new Set([
    ...(await knownPayments(db, target.rpuId)),
    ...(await knownCompanions(db, target.rpuId)),
  ]);
  const result: StoredOthers = { paymentsCreated: 0, complete: true, refused: [] };
  let done = others.filter((document) => known.has(gridKey(document))).length;
  for (const document of others) {
    if (known.has(gridKey(document))) continue;
    signal?.throwIfAborted();
    if (Date.now() >= deadline) {
      result.complete = false;
      break;
    }
    const { body: xml } = await portal.downloadDocument(credential, target.serviceNumber, document, 'xml');
    const read = readDocumentOf(xml, target.serviceNumber);
    if (read.kind === 'payment') {
      try {
        result.paymentsCreated += await storePaymentCfdi(db, target, read);
      } catch (error) {
        if (!(error instanceof DocumentError)) throw error;
        result.refused.push(error);
      }
    } else if (read.kind === 'complementary') {
      const periodId = await periodOfCompanion(db, target.rpuId, read);
      // Its receipt is not stored (outside the portal's history): nothing to attach it to.
      if (periodId)
        await storeDocument(db, storage, target, periodId, 'xml', xml, {
          fileName: companionFileName(target.serviceNumber, document, periodId),
          role: 'complementary',
          document,
          uuid: read.uuid,
        });
    }
    done += 1;
    await onProgress?.(done, others.length);
  }
  return result;
}

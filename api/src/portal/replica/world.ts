import { LRUCache } from 'lru-cache';
import { moneyText } from '../../cfdi/money';
import { paymentFormName } from '../../cfdi/payment-forms';
import { documentCfdi } from '../simulator/cfdi-writer';
import {
  demoServiceNumbers,
  isServiceNumber,
  serviceDocuments,
  serviceProfile,
  type WorldDocument,
  type WorldDocumentType,
} from '../simulator/world';

/**
 * The replica's view of the simulated world (`../simulator/world.ts`): services and the documents
 * CFE's grid lists for them, with the CFDI and PDF the simulator writes as CFE does. This is the
 * one file of the replica that knows the world.
 */

export type ReplicaDocumentKind = WorldDocumentType;

/** A payment as its CFDI says it: money as exact text, the channel in SAT's Spanish. */
export type ReplicaPayment = { date: string; amount: string; channel: string; reference: string };

export type ReplicaDocument = {
  series: string;
  folio: string;
  /** The grid's month, yyyy-MM. */
  month: string;
  /** The grid's "tipo": OCR for a receipt. */
  type: string;
  kind: ReplicaDocumentKind;
  uuid: string;
  /** CFE's whole-peso total to pay (IMPTOTAL); receipts only. */
  totalToPay: number | null;
  /** Payments only. */
  payment: ReplicaPayment | null;
  xml: () => Buffer;
  /** Receipts only: payments and complementary invoices have no PDF. Drawing one takes a few ms. */
  pdf: (() => Promise<Buffer>) | null;
};

export type ReplicaService = {
  serviceNumber: string;
  /** The receipt's NOMBRE, as AgregarServicio and the consultation want it. */
  holderName: string;
  /** "Consulta tu recibo" has nothing for it (a new service, say): linking needs the user's total. */
  consultationMissing: boolean;
  /** Newest first, as the grid lists them. */
  documents: ReplicaDocument[];
};

export interface ReplicaWorld {
  /**
   * Null when CFE has no such service. `historyMonths` (the account's switch) lists fewer months
   * than the world has; null or absent: all of them.
   */
  service(serviceNumber: string, historyMonths?: number | null): ReplicaService | null;
  /** Services an account of the replica starts with. */
  accountServices(username: string, count: number): string[];
}

/** What CFE's grid writes in its "tipo" column (OCR for receipts, REAL-CFE.md §1; the others assumed). */
const gridTypes: Record<WorldDocumentType, string> = {
  receipt: 'OCR',
  payment: 'PAGO',
  complementary: 'COMPLEMENTARIA',
};

/**
 * The files the replica drew, by CFDI: the same document is always the same file (its dates are
 * the CFDI's), so a resync gets the file drawn before, as CFE serves its stored one. Drawing PDFs
 * took 6 % of the API's CPU in an end-to-end run, where every test syncs the same demo accounts
 * (decision 009). Bounded: a replica runs for days behind `npm start`.
 */
type DrawnFiles = LRUCache<string, Buffer | Promise<Buffer>>;

const drawnOnce =
  <T extends Buffer | Promise<Buffer>>(files: DrawnFiles, key: string, draw: () => T) =>
  (): T => {
    const drawn = files.get(key);
    if (drawn) return drawn as T;
    const made = draw();
    files.set(key, made);
    // A failed drawing is not kept: the next download tries again.
    if (made instanceof Promise) made.catch(() => files.delete(key));
    return made;
  };

function replicaDocument(
  document: WorldDocument,
  profile: ReturnType<typeof serviceProfile>,
  files: DrawnFiles,
): ReplicaDocument {
  const key = `${document.type}:${document.uuid}`;
  return {
    series: document.series,
    folio: document.folio,
    month: document.month,
    type: gridTypes[document.type],
    kind: document.type,
    uuid: document.uuid,
    totalToPay: document.type === 'receipt' ? document.totalToPay : null,
    payment:
      document.type === 'payment'
        ? {
            date: document.paidAt.slice(0, 10),
            amount: moneyText(document.amount),
            channel: paymentFormName(document.form),
            reference: document.reference ?? '',
          }
        : null,
    xml: drawnOnce(files, `${key}.xml`, () => documentCfdi(document, profile)),
    // pdf-lib and the QR encoder load with the first receipt drawn, not with every API process.
    pdf:
      document.type === 'receipt'
        ? drawnOnce(files, `${key}.pdf`, async () =>
            (await import('../simulator/receipt-pdf')).receiptPdf(document, profile),
          )
        : null,
  };
}

/** The simulator's world as the replica serves it, up to `today`, `historyMonths` back. */
export function simulatedWorld(options: { today: () => Date; historyMonths: number }): ReplicaWorld {
  // A receipt is 10–30 KB: at most a few tens of MB.
  const files: DrawnFiles = new LRUCache({ max: 2_000 });
  return {
    service(serviceNumber, historyMonths) {
      if (!isServiceNumber(serviceNumber)) return null;
      const profile = serviceProfile(serviceNumber);
      const months = Math.min(historyMonths ?? options.historyMonths, options.historyMonths);
      const documents = serviceDocuments(profile, options.today(), months).map((document) =>
        replicaDocument(document, profile, files),
      );
      return {
        serviceNumber,
        holderName: profile.holderName,
        consultationMissing: profile.consultationMissing,
        documents,
      };
    },
    accountServices: demoServiceNumbers,
  };
}

import { RpuStatus } from '@luz/shared/contract';
import type { CfeInvoice } from '../cfdi/read-cfdi';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/database';
import { type PortalCredential, PortalError } from '../portal/portal-client';
import { recordRpuPortalData, refreshDuplicated } from '../rpus/service';
import { SyncUserError } from './errors';
import { syncMessages } from './messages';
import { storePayments } from './payments';
import { upsertPeriod } from './periods';
import {
  linkPeriods,
  type ReceiptsTarget,
  readDocumentOf,
  refreshRpuFromLatestPeriod,
  storeReceipts,
  storeReceiptXml,
} from './receipts';

export type SyncContext = Pick<
  AppContext,
  'db' | 'jobs' | 'syncEvents' | 'portal' | 'storage' | 'secrets' | 'mailer' | 'config' | 'webhooks'
>;

/** The service point a step works on. */
export type StepRpu = {
  id: string;
  serviceNumber: string;
  alias: string;
  /** MXN as exact text. */
  lastPayment: string | null;
};

/** Everything a step may use. Steps do portal work and store what they find; the engine moves the run on. */
export type StepInput = {
  ctx: SyncContext;
  taskId: string;
  taskAssociationId: string;
  userId: string;
  credentialId: string;
  credential: PortalCredential;
  /** Null for a step about the whole portal account. */
  rpu: StepRpu | null;
  /** The additional information given for this run, else the service point's own. */
  lastPayment: string | null;
  signal: AbortSignal;
  /** Epoch ms: long work stops here and continues in the next run of the same step. */
  deadline: number;
  /** Tells how far the step is (`done` of `total` documents), with a message for the user. */
  progress: (done: number, total: number, message?: string | null) => Promise<void>;
};

function rpuOf(input: StepInput): StepRpu {
  if (!input.rpu) throw new Error('This step needs a service point');
  return input.rpu;
}

/** Is the service point in the portal account? Records what the portal says about it. */
export async function fetchServiceData(input: StepInput): Promise<boolean> {
  const rpu = rpuOf(input);
  const services = await input.ctx.portal.listServices(input.credential);
  const service = services.find((candidate) => candidate.serviceNumber === rpu.serviceNumber);
  if (service)
    await recordRpuPortalData(input.ctx.db, rpu.id, {
      holderName: service.holderName,
      tariff: service.tariff,
    });
  return service !== undefined;
}

/**
 * First link attempt: with the "total a pagar" the public receipt consultation service gives.
 * False when that service has no receipt or the portal refuses the total: the caller goes on
 * to the attempt with additional information.
 */
export async function linkWithConsultedTotal(input: StepInput): Promise<boolean> {
  const rpu = rpuOf(input);
  const consulted = await consultedReceipt(input);
  if (!consulted?.invoice.totalToPay) return false;
  try {
    await input.ctx.portal.linkService(
      input.credential,
      rpu.serviceNumber,
      Number(consulted.invoice.totalToPay),
    );
    return true;
  } catch (error) {
    if (error instanceof PortalError && error.kind === 'wrong_total') return false;
    throw error;
  }
}

/**
 * The latest receipt's CFDI from the public consultation service, read and checked against the
 * service point like any document; what it says of the holder and tariff is recorded. Null when
 * the service has no receipt to consult.
 */
async function consultedReceipt(input: StepInput): Promise<{ invoice: CfeInvoice; xml: Buffer } | null> {
  const rpu = rpuOf(input);
  const xml = await input.ctx.portal.consultReceipt(rpu.serviceNumber);
  if (!xml) return null;
  const invoice = readDocumentOf(xml, rpu.serviceNumber);
  if (invoice.kind === 'payment') return null;
  await recordRpuPortalData(input.ctx.db, rpu.id, {
    holderName: invoice.holder.name,
    tariff: invoice.tariff,
  });
  return { invoice, xml };
}

const targetOf = (input: StepInput): ReceiptsTarget => {
  const rpu = rpuOf(input);
  return {
    userId: input.userId,
    rpuId: rpu.id,
    credentialId: input.credentialId,
    serviceNumber: rpu.serviceNumber,
    taskAssociationId: input.taskAssociationId,
  };
};

/** Second link attempt: with the last payment the user gave (spec §4 "additional information"). */
export async function linkWithLastPayment(input: StepInput): Promise<void> {
  const rpu = rpuOf(input);
  if (input.lastPayment === null)
    throw new SyncUserError(syncMessages.needsLastPayment, RpuStatus.missingLink);
  // The portal asks for whole pesos.
  const pesos = Math.round(Number(input.lastPayment));
  try {
    await input.ctx.portal.linkService(input.credential, rpu.serviceNumber, pesos);
  } catch (error) {
    if (error instanceof PortalError && error.kind === 'wrong_total')
      throw new SyncUserError(syncMessages.wrongLastPayment, RpuStatus.missingLink);
    throw error;
  }
}

/** Both link attempts in one step (bulk workflows): consulted total, then the last payment. */
export async function linkEitherWay(input: StepInput): Promise<void> {
  if (!(await linkWithConsultedTotal(input))) await linkWithLastPayment(input);
}

/**
 * Receipts, PDFs and CFDIs of the service point from the portal, as many as the step's time
 * allows (`done` false: the step runs again for the rest). Throws `service_not_linked` when the
 * service is not in the account.
 */
export async function syncPortal(input: StepInput): Promise<{ done: boolean; message: string }> {
  const rpu = rpuOf(input);
  const documents = await input.ctx.portal.listDocuments(input.credential, rpu.serviceNumber);
  const stored = await storeReceipts(input.ctx, input.credential, targetOf(input), documents, {
    signal: input.signal,
    deadline: input.deadline,
    onProgress: (done, total) => input.progress(done, total, syncMessages.downloading(done, total)),
  });
  if (!stored.complete)
    return { done: false, message: syncMessages.downloading(stored.periods, stored.listed) };
  return { done: true, message: syncMessages.synced(stored.periods, stored.created) };
}

export const isNotLinked = (error: unknown) =>
  error instanceof PortalError && error.kind === 'service_not_linked';

/**
 * The public receipt consultation service: the latest receipt's data when the portal account
 * cannot show the service yet: its CFDI is read and kept as the period's XML, so the user sees the
 * amounts, and a later portal sync only adds the PDF.
 */
export async function syncConsultation(input: StepInput): Promise<string> {
  const consulted = await consultedReceipt(input);
  if (consulted?.invoice.kind !== 'receipt') return syncMessages.consultationEmpty;
  const { invoice, xml } = consulted;
  const target = targetOf(input);
  const { rows } = await input.ctx.db.query<{ latest: string | null }>(
    'SELECT max(final_date)::text AS latest FROM periods WHERE rpu_id = $1',
    [target.rpuId],
  );
  const period = await upsertPeriod(
    input.ctx.db,
    input.ctx.storage,
    target,
    invoice,
    rows[0]?.latest ?? null,
  );
  await storeReceiptXml(input.ctx.db, input.ctx.storage, target, period.id, invoice, xml);
  await linkPeriods(input.ctx.db, input.taskAssociationId, [period.id]);
  await refreshRpuFromLatestPeriod(input.ctx.db, target.rpuId);
  return syncMessages.consulted(invoice.total, invoice.finalDate ?? invoice.issuedAt.slice(0, 10));
}

export type AccountService = { rpuId: string; serviceNumber: string; linked: boolean };

/**
 * The whole portal account (workflow 2, "fetching data"): every service in it becomes a service
 * point of the user under this credential (created when new); answers every service point of
 * the credential and whether the portal account has it.
 */
export async function fetchAccount(
  input: StepInput,
): Promise<{ services: AccountService[]; message: string }> {
  const { db } = input.ctx;
  const services = await input.ctx.portal.listServices(input.credential);
  const numbers = services.map((service) => service.serviceNumber);
  const { rows: created } = await db.query<{ service_number: string }>(
    `INSERT INTO rpus (user_id, credential_id, service_number, holder_name, tariff, rpu_status)
     SELECT $1, $2, s.number, s.holder, s.tariff, $6
     FROM unnest($3::text[], $4::text[], $5::text[]) AS s(number, holder, tariff)
     ON CONFLICT (user_id, service_number) WHERE NOT deleted DO NOTHING
     RETURNING service_number`,
    [
      input.userId,
      input.credentialId,
      numbers,
      services.map((service) => service.holderName),
      services.map((service) => service.tariff),
      RpuStatus.unverified,
    ],
  );
  // A service point of the user without a portal account gets this one: the account has it.
  await db.query(
    `UPDATE rpus SET credential_id = $2, rpu_status = $4, status_message = NULL, updated_at = now()
     WHERE user_id = $1 AND credential_id IS NULL AND NOT deleted AND service_number = ANY($3::text[])`,
    [input.userId, input.credentialId, numbers, RpuStatus.unverified],
  );
  await refreshDuplicatedSafely(
    input,
    created.map((row) => row.service_number),
  );
  const { rows } = await db.query<{ id: string; service_number: string }>(
    `SELECT id, service_number FROM rpus WHERE credential_id = $1 AND user_id = $2 AND NOT deleted
     ORDER BY created_at, service_number`,
    [input.credentialId, input.userId],
  );
  const linked = new Set(numbers);
  return {
    services: rows.map((row) => ({
      rpuId: row.id,
      serviceNumber: row.service_number,
      linked: linked.has(row.service_number),
    })),
    message: syncMessages.accountFetched(services.length, created.length),
  };
}

async function refreshDuplicatedSafely(input: StepInput, serviceNumbers: string[]) {
  try {
    await refreshDuplicated(input.ctx.db, serviceNumbers);
  } catch (error) {
    // Two users' syncs touching the same number at once: the other one recomputes it.
    if (!isUniqueViolation(error)) throw error;
  }
}

/**
 * The payment history of the service point (workflow 5), from CFE's payment CFDIs in the portal.
 * Stored idempotently: a payment document is downloaded and stored once.
 */
export async function syncPayments(input: StepInput): Promise<string> {
  const rpu = rpuOf(input);
  const documents = await input.ctx.portal.listDocuments(input.credential, rpu.serviceNumber);
  const stored = await storePayments(input.ctx, input.credential, targetOf(input), documents, {
    signal: input.signal,
    onProgress: (done, total) => input.progress(done, total),
  });
  return syncMessages.paymentsSynced(stored.payments, stored.created);
}

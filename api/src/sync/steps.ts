import { RpuStatus } from '@luz/shared/contract';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/database';
import { type PortalCredential, PortalError } from '../portal/portal-client';
import { recordRpuPortalData, refreshDuplicated } from '../rpus/service';
import { SyncUserError } from './errors';
import { syncMessages } from './messages';
import { linkPeriods, storeReceipts, upsertPeriod } from './receipts';

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
  const consulted = await input.ctx.portal.consultReceipt(rpu.serviceNumber);
  if (!consulted) return false;
  await recordRpuPortalData(input.ctx.db, rpu.id, {
    holderName: consulted.holderName,
    tariff: consulted.tariff,
  });
  try {
    await input.ctx.portal.linkService(input.credential, rpu.serviceNumber, consulted.totalToPay);
    return true;
  } catch (error) {
    if (error instanceof PortalError && error.kind === 'wrong_total') return false;
    throw error;
  }
}

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
  const receipts = await input.ctx.portal.listReceipts(input.credential, rpu.serviceNumber);
  const stored = await storeReceipts(
    input.ctx,
    input.credential,
    {
      userId: input.userId,
      rpuId: rpu.id,
      credentialId: input.credentialId,
      serviceNumber: rpu.serviceNumber,
      taskAssociationId: input.taskAssociationId,
    },
    receipts,
    { signal: input.signal, deadline: input.deadline },
  );
  if (!stored.complete)
    return { done: false, message: syncMessages.downloading(stored.periods, stored.listed) };
  const latest = receipts[0];
  if (latest) await recordRpuPortalData(input.ctx.db, rpu.id, { tariff: latest.tariff });
  return { done: true, message: syncMessages.synced(stored.periods, stored.created) };
}

export const isNotLinked = (error: unknown) =>
  error instanceof PortalError && error.kind === 'service_not_linked';

/**
 * The public receipt consultation service: the latest receipt's data when the portal account
 * cannot show the service yet. Kept as a period without documents, so the user sees the amount.
 */
export async function syncConsultation(input: StepInput): Promise<string> {
  const rpu = rpuOf(input);
  const consulted = await input.ctx.portal.consultReceipt(rpu.serviceNumber);
  if (!consulted) return syncMessages.consultationEmpty;
  await recordRpuPortalData(input.ctx.db, rpu.id, {
    holderName: consulted.holderName,
    tariff: consulted.tariff,
  });
  const target = {
    userId: input.userId,
    rpuId: rpu.id,
    credentialId: input.credentialId,
    serviceNumber: rpu.serviceNumber,
    taskAssociationId: input.taskAssociationId,
  };
  const { rows } = await input.ctx.db.query<{ latest: string | null }>(
    'SELECT max(final_date)::text AS latest FROM periods WHERE rpu_id = $1',
    [rpu.id],
  );
  const period = await upsertPeriod(
    input.ctx.db,
    target,
    {
      initialDate: consulted.initialDate,
      finalDate: consulted.finalDate,
      total: consulted.totalToPay,
      kwh: 0,
      tariff: consulted.tariff,
    },
    null,
    rows[0]?.latest ?? null,
  );
  await linkPeriods(input.ctx.db, input.taskAssociationId, [period.id]);
  return syncMessages.consulted(consulted.totalToPay, consulted.finalDate);
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

/** The payment history of the service point (workflow 5). Stored idempotently: a payment once. */
export async function syncPayments(input: StepInput): Promise<string> {
  const rpu = rpuOf(input);
  const payments = await input.ctx.portal.listPayments(input.credential, rpu.serviceNumber);
  const { rows } = await input.ctx.db.query<{ inserted: boolean }>(
    `INSERT INTO payment_history (user_id, rpu_id, paid_on, amount, channel, reference)
     SELECT $1, $2, p.paid_on, p.amount, p.channel, p.reference
     FROM unnest($3::date[], $4::numeric[], $5::text[], $6::text[]) AS p(paid_on, amount, channel, reference)
     ON CONFLICT (rpu_id, paid_on, reference) DO UPDATE SET amount = EXCLUDED.amount, channel = EXCLUDED.channel
     RETURNING (xmax = 0) AS inserted`,
    [
      input.userId,
      rpu.id,
      payments.map((payment) => payment.date),
      payments.map((payment) => String(payment.amount)),
      payments.map((payment) => payment.channel),
      payments.map((payment) => payment.reference),
    ],
  );
  return syncMessages.paymentsSynced(payments.length, rows.filter((row) => row.inserted).length);
}

import { RpuStatus } from '@luz/shared/contract';
import { isUniqueViolation } from '../db/database';
import { PortalError } from '../portal/portal-client';
import { refreshDuplicated, searchText } from '../rpus/service';
import { consultedReceipts } from './linking';
import { syncMessages } from './messages';
import { storeOtherDocuments } from './other-documents';
import { paymentCount } from './payments';
import { upsertPeriod } from './periods';
import {
  linkPeriods,
  type ReceiptsTarget,
  refreshRpuFromLatestPeriod,
  storeReceipts,
  storeReceiptXml,
} from './receipts';
import { rpuOf, type StepInput } from './step-input';

/** Is the service point in the portal account? (Holder, tariff and address come from its CFDIs.) */
export async function fetchServiceData(input: StepInput): Promise<boolean> {
  const rpu = rpuOf(input);
  const services = await input.ctx.cfePortal.listServices(input.credential);
  return services.some((candidate) => candidate.serviceNumber === rpu.serviceNumber);
}

export const targetOf = (input: StepInput): ReceiptsTarget => {
  const rpu = rpuOf(input);
  return {
    userId: input.userId,
    rpuId: rpu.id,
    credentialId: input.credentialId,
    serviceNumber: rpu.serviceNumber,
    taskAssociationId: input.taskAssociationId,
  };
};

/**
 * Receipts, PDFs and CFDIs of the service point from the portal, as many as the step's time
 * allows (`done` false: the step runs again for the rest). Throws `service_not_linked` when the
 * service is not in the account.
 */
export async function syncPortal(input: StepInput): Promise<{ done: boolean; message: string }> {
  const rpu = rpuOf(input);
  const deps = { ...input.ctx, portal: input.ctx.cfePortal };
  const documents = await deps.portal.listDocuments(input.credential, rpu.serviceNumber);
  const options = { signal: input.signal, deadline: input.deadline };
  const stored = await storeReceipts(deps, input.credential, targetOf(input), documents, {
    ...options,
    onProgress: (done, total) => input.progress(done, total, syncMessages.downloading(done, total)),
  });
  if (!stored.complete)
    return { done: false, message: syncMessages.downloading(stored.periods, stored.listed) };
  // The payment history comes with the receipts (what onboarding promises): the grid's payment
  // CFDIs and complementary invoices, each XML read once (a stored one costs no request, so only
  // the first sync pays for the history; the time budget and CFE's XML throttle split it across
  // runs of the step). A payment nothing ties to this service is not stored; the payment
  // history's own sync says so.
  const others = await storeOtherDocuments(deps, input.credential, targetOf(input), documents, options);
  if (!others.complete)
    return { done: false, message: syncMessages.downloading(stored.periods, stored.listed) };
  return {
    done: true,
    message: syncMessages.synced(stored.periods, stored.created, others.paymentsCreated),
  };
}

export const isNotLinked = (error: unknown) =>
  error instanceof PortalError && error.kind === 'service_not_linked';

/**
 * The public receipt consultation service: the latest receipt's data when the portal account
 * cannot show the service yet: its CFDI is read and kept as the period's XML, so the user sees the
 * amounts, and a later portal sync only adds the PDF.
 */
export async function syncConsultation(input: StepInput): Promise<string> {
  const consulted = (await consultedReceipts(input, 1))[0];
  if (!consulted) return syncMessages.consultationEmpty;
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
  const services = await input.ctx.cfePortal.listServices(input.credential);
  const numbers = services.map((service) => service.serviceNumber);
  // Mi Espacio lists number and alias only: holder, tariff and address come with the receipts.
  const { rows: created } = await db.query<{ service_number: string }>(
    `INSERT INTO rpus (user_id, credential_id, service_number, alias, alias_search, rpu_status)
     SELECT $1, $2, s.number, s.alias, s.search, $6
     FROM unnest($3::text[], $4::text[], $5::text[]) AS s(number, alias, search)
     ON CONFLICT (user_id, service_number) WHERE NOT deleted DO NOTHING
     RETURNING service_number`,
    [
      input.userId,
      input.credentialId,
      numbers,
      services.map((service) => service.alias),
      services.map((service) => searchText(service.alias)),
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
 * The payment history of the service point (workflow 5), from CFE's payment CFDIs in the portal's
 * grid (no payment page is known). A payment document is downloaded and stored once; one that
 * names no service and pays none of this service's receipts is refused, and said so.
 */
export async function syncPayments(input: StepInput): Promise<string> {
  const rpu = rpuOf(input);
  const deps = { ...input.ctx, portal: input.ctx.cfePortal };
  const documents = await deps.portal.listDocuments(input.credential, rpu.serviceNumber);
  const stored = await storeOtherDocuments(deps, input.credential, targetOf(input), documents, {
    signal: input.signal,
    onProgress: (done, total) => input.progress(done, total),
  });
  const [refused] = stored.refused;
  if (refused) throw refused;
  return syncMessages.paymentsSynced(await paymentCount(input.ctx.db, rpu.id), stored.paymentsCreated);
}

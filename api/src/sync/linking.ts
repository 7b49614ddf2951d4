import { RpuStatus } from '@luz/shared/contract';
import type { CfeInvoice } from '../cfdi/read-cfdi';
import type { CaptchaAnswer } from '../portal/mi-espacio/portal';
import { PortalError } from '../portal/portal-client';
import { clearChallenge, loadPortalSession } from '../portal/session-store';
import { recordRpuPortalData } from '../rpus/service';
import { SyncUserError } from './errors';
import { wakeCaptchaWaiters } from './lanes';
import { syncMessages } from './messages';
import { readDocumentOf } from './receipts';
import { rpuOf, type StepInput, type StepRpu } from './step-input';

// Linking as CFE does it (decision 040, spec §4 workflow 1): "Consulta tu recibo" with the
// holder's name gives the latest receipts, whose IMPTOTAL (last, then second-to-last) is the
// total AgregarServicio asks for; when neither is accepted, the user's own total.

/** The holder's name CFE must recognise: without it neither the consultation nor linking can work. */
function holderNameOf(rpu: StepRpu): string {
  const name = rpu.holderName?.trim();
  if (!name) throw new SyncUserError(syncMessages.needsHolderName, RpuStatus.missingLink);
  return name;
}

const isWrongTotal = (error: unknown) => error instanceof PortalError && error.kind === 'wrong_total';

/**
 * The owner's answer to the consultation CAPTCHA this run paused on, taken once: whatever the
 * consultation then says (a wrong answer is a new challenge), the form it answered is spent.
 * Empty answer: the owner asked for another image, so the run consults afresh.
 */
async function takeConsultationAnswer(input: StepInput): Promise<CaptchaAnswer | null> {
  const { db, secrets } = input.ctx;
  const challenge = (await loadPortalSession(db, secrets, input.credentialId))?.challenge;
  if (!challenge || challenge.associationId !== input.taskAssociationId || challenge.answer === null)
    return null;
  await clearChallenge(db, input.credentialId, challenge.id);
  // Runs of the account held while this answer waited for this run go on.
  await wakeCaptchaWaiters(input.ctx, input.credentialId, input.taskAssociationId);
  return challenge.answer ? { challenge: challenge.challenge, answer: challenge.answer } : null;
}

/**
 * The latest receipts of "Consulta tu recibo" (at most `count`, newest first), read and checked
 * against the service point like any document; what the newest says of holder and tariff is
 * recorded. Empty when CFE has no receipt for the service. Its CAPTCHA pauses the run like the
 * login's (the engine); the owner's answer is posted here when the run resumes.
 */
export async function consultedReceipts(
  input: StepInput,
  count: number,
): Promise<{ invoice: CfeInvoice; xml: Buffer }[]> {
  const rpu = rpuOf(input);
  const answer = await takeConsultationAnswer(input);
  const consultation = await input.ctx.cfePortal.consult(
    { serviceNumber: rpu.serviceNumber, holderName: holderNameOf(rpu) },
    { downloads: count, ...(answer ? { answer } : {}) },
  );
  const read: { invoice: CfeInvoice; xml: Buffer }[] = [];
  for (const receipt of consultation?.receipts.slice(0, count) ?? []) {
    if (!receipt.xml) continue;
    const invoice = readDocumentOf(receipt.xml.body, rpu.serviceNumber);
    if (invoice.kind === 'receipt') read.push({ invoice, xml: receipt.xml.body });
  }
  const [newest] = read;
  if (newest)
    await recordRpuPortalData(input.ctx.db, rpu.id, {
      holderName: newest.invoice.holder.name,
      tariff: newest.invoice.tariff,
    });
  return read;
}

async function link(input: StepInput, holderName: string, totalToPay: number) {
  const rpu = rpuOf(input);
  await input.ctx.cfePortal.linkService(input.credential, {
    serviceNumber: rpu.serviceNumber,
    holderName,
    alias: rpu.alias,
    totalToPay,
    serviceCap: input.exceedServiceCap ? null : input.ctx.config.portal.serviceCap,
  });
}

/**
 * First link attempt: with the total to pay of the last, then the second-to-last receipt the
 * consultation shows. False when it has no receipt or the portal refuses both totals: the caller
 * goes on to the attempt with additional information.
 */
export async function linkWithConsultedTotal(input: StepInput): Promise<boolean> {
  for (const { invoice } of await consultedReceipts(input, 2)) {
    if (invoice.totalToPay === null) continue;
    try {
      await link(input, invoice.holder.name || holderNameOf(rpuOf(input)), Number(invoice.totalToPay));
      return true;
    } catch (error) {
      if (!isWrongTotal(error)) throw error;
    }
  }
  return false;
}

/** Second link attempt: with the total the user gave (spec §4 "additional information", `last_payment`). */
export async function linkWithLastPayment(input: StepInput): Promise<void> {
  const rpu = rpuOf(input);
  if (input.lastPayment === null)
    throw new SyncUserError(syncMessages.needsLastPayment, RpuStatus.missingLink);
  // CFE asks for whole pesos.
  const pesos = Math.round(Number(input.lastPayment));
  try {
    await link(input, holderNameOf(rpu), pesos);
  } catch (error) {
    if (isWrongTotal(error)) throw new SyncUserError(syncMessages.wrongLastPayment, RpuStatus.missingLink);
    throw error;
  }
}

/** Both link attempts in one step (bulk workflows): consulted total, then the user's. */
export async function linkEitherWay(input: StepInput): Promise<void> {
  if (!(await linkWithConsultedTotal(input))) await linkWithLastPayment(input);
}

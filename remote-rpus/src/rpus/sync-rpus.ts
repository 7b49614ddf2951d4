import {
  credentialsApi,
  paymentHistoryApi,
  type Rpu,
  rpusApi,
  SyncWorkflow,
  toApiError,
  toast,
} from '@luz/shared';
import { rpusText } from '../text';
import { toastError } from './use-rpu-mutations';

const text = rpusText.bulk;

/** Service points of one CFE account the API would not link without confirming the service cap. */
export type OverCap = { credentialId: string; rpuIds: string[]; message: string };

export type SyncOutcome = { started: number; skipped: number; failures: unknown[]; overCap: OverCap[] };

/** The API's refusal to pass PORTAL_SERVICE_CAP unconfirmed: a 422 on `exceed_service_cap`. */
function serviceCapRefusal(error: unknown): string | null {
  const refusal = toApiError(error);
  return refusal.status === 422 ? (refusal.fieldErrors.exceed_service_cap ?? null) : null;
}

/**
 * Starts the sync of the service points that have a credential: one service point is linked and
 * synced on its own (workflow 1); several go as one bulk sync per credential (workflow 3, which
 * links first where the portal needs it). Those without credential are skipped: nothing can link
 * them (status 5). An account the sync would take past the service cap is left in `overCap`,
 * for the user to confirm (`exceedServiceCap`) or not.
 */
export async function syncRpus(
  rpus: readonly Pick<Rpu, 'rpu_id' | 'credential_id'>[],
  { exceedServiceCap = false } = {},
): Promise<SyncOutcome> {
  const byCredential = new Map<string, string[]>();
  for (const rpu of rpus) {
    if (rpu.credential_id === null) continue;
    byCredential.set(rpu.credential_id, [...(byCredential.get(rpu.credential_id) ?? []), rpu.rpu_id]);
  }
  const outcome: SyncOutcome = { started: 0, skipped: rpus.length, failures: [], overCap: [] };
  const exceed = { exceed_service_cap: exceedServiceCap };
  for (const [credentialId, rpuIds] of byCredential) {
    try {
      if (rpuIds.length === 1) await rpusApi.sync(credentialId, rpuIds[0] as string, exceed);
      else
        await credentialsApi.sync(credentialId, {
          workflow: SyncWorkflow.bulkSync,
          rpu_ids: rpuIds,
          ...exceed,
        });
      outcome.started += rpuIds.length;
    } catch (error) {
      const message = serviceCapRefusal(error);
      if (message) outcome.overCap.push({ credentialId, rpuIds, message });
      else outcome.failures.push(error);
    }
    outcome.skipped -= rpuIds.length;
  }
  return outcome;
}

/**
 * The payment histories of the selected service points (workflow 5, one task each): what the
 * onboarding promises, for many services at once. Those without credential are skipped.
 */
export async function syncPaymentHistories(rpus: readonly Rpu[]): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { started: 0, skipped: 0, failures: [], overCap: [] };
  for (const rpu of rpus) {
    if (rpu.credential_id === null) {
      outcome.skipped += 1;
      continue;
    }
    try {
      await paymentHistoryApi.sync(rpu.rpu_id);
      outcome.started += 1;
    } catch (error) {
      outcome.failures.push(error);
    }
  }
  return outcome;
}

export function reportSync(
  { started, skipped, failures }: SyncOutcome,
  startedText: (count: number) => string = text.syncStarted,
) {
  if (started > 0) toast.success(startedText(started));
  if (skipped > 0) toast.warning(text.syncSkipped(skipped));
  for (const failure of failures) toastError(failure);
}

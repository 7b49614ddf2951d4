import { CredentialStatus, type RpuFailureReason, RpuStatus } from '@luz/shared/contract';
import { syncMessages } from '../sync/messages';

/**
 * Why a failed service point needs a person, read from what the sync engine left on it: its
 * status and message (the engine's own texts, so no second record can disagree with them).
 */
const reasonOfMessage: ReadonlyArray<readonly [string, RpuFailureReason]> = [
  [syncMessages.needsLastPayment, 'needs_total'],
  [syncMessages.wrongLastPayment, 'needs_total'],
  [syncMessages.needsHolderName, 'needs_holder_name'],
  [syncMessages.nameMismatch, 'needs_holder_name'],
  [syncMessages.serviceCapReached, 'service_cap'],
  [syncMessages.serviceLimit, 'service_limit'],
  [syncMessages.invalidCredentials, 'wrong_password'],
  [syncMessages.captcha, 'captcha'],
  [syncMessages.cannotLink, 'cannot_link'],
  [syncMessages.serviceNotFound, 'service_not_found'],
  [syncMessages.notLinked, 'not_linked'],
];

/** A status that is not a failure has no reason; a failure with another message falls back on its status. */
const reasonOfStatus: Partial<Record<RpuStatus, RpuFailureReason>> = {
  [RpuStatus.failed]: 'failed',
  [RpuStatus.missingLink]: 'not_linked',
  [RpuStatus.badCredentials]: 'wrong_password',
};

/**
 * A password CFE refused stays the reason only while the account still has it: once it was
 * replaced, what the service needs is a new sync (`failed`: "Reintentar").
 */
export function rpuFailureReason(
  status: RpuStatus,
  message: string | null,
  credentialStatus: number | null = null,
): RpuFailureReason | null {
  const fallback = reasonOfStatus[status];
  if (!fallback) return null;
  const reason = reasonOfMessage.find(([text]) => text === message)?.[1] ?? fallback;
  return reason === 'wrong_password' && credentialStatus !== CredentialStatus.invalidPassword
    ? 'failed'
    : reason;
}

/**
 * The same rule as SQL over `rpus r`, for queries that filter or group by reason. `param` adds a
 * value to the query's parameters and answers its placeholder.
 */
export function rpuFailureReasonSql(param: (value: unknown) => string): string {
  const byMessage = reasonOfMessage
    .map(([text, reason]) => `WHEN r.status_message = ${param(text)} THEN '${reason}'`)
    .join(' ');
  const byStatus = Object.entries(reasonOfStatus)
    .map(([status, reason]) => `WHEN r.rpu_status = ${Number(status)} THEN '${reason}'`)
    .join(' ');
  return `CASE WHEN r.rpu_status NOT IN (${Object.keys(reasonOfStatus).join(', ')}) THEN NULL ${byMessage} ${byStatus} END`;
}

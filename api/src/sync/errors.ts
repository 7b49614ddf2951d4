import { CredentialStatus, RpuStatus } from '@luz/shared/contract';
import { CfePortalError } from '../portal/mi-espacio/portal';
import { PortalError } from '../portal/portal-client';
import { syncMessages } from './messages';

/**
 * A failure the user has to fix (wrong password, CAPTCHA, a service that cannot be linked, no
 * portal user): the run ends at task status 3 at once, without retries, and the service point
 * gets the status of spec §4.
 */
export class SyncUserError extends Error {
  constructor(
    message: string,
    readonly rpuStatus: RpuStatus,
    readonly options: {
      /** The credential's own problem: every waiting service point of it fails the same way, unasked. */
      credentialWide?: boolean;
      credentialStatus?: number;
    } = {},
  ) {
    super(message);
    this.name = 'SyncUserError';
  }
}

/** A receipt the portal served that must not be stored (damaged, or naming another service). */
export class DocumentError extends Error {
  override name = 'DocumentError';
}

export type Failure =
  | {
      kind: 'user';
      message: string;
      rpuStatus: RpuStatus;
      credentialWide: boolean;
      credentialStatus: number | null;
    }
  | { kind: 'system'; message: string; retryAfterMs: number | null; rateLimited: boolean };

const user = (
  message: string,
  rpuStatus: RpuStatus,
  { credentialWide = false, credentialStatus = null as number | null } = {},
): Failure => ({ kind: 'user', message, rpuStatus, credentialWide, credentialStatus });

const system = (message: string, retryAfterMs: number | null = null, rateLimited = false): Failure => ({
  kind: 'system',
  message,
  retryAfterMs,
  rateLimited,
});

/** An error none of the engine's own kinds describes: a bug or an outage operators must see in the log. */
export const isUnexpected = (error: unknown) =>
  !(error instanceof SyncUserError || error instanceof DocumentError || error instanceof PortalError);

/** What an error thrown by a step means for the run. Anything unknown is a system failure: retried. */
export function classify(error: unknown): Failure {
  if (error instanceof SyncUserError) {
    return user(error.message, error.rpuStatus, {
      credentialWide: error.options.credentialWide ?? false,
      credentialStatus: error.options.credentialStatus ?? null,
    });
  }
  if (error instanceof DocumentError) return system(error.message);
  // What the page said, where it tells the user more than the kind does.
  if (error instanceof CfePortalError) {
    switch (error.failure) {
      // Each with a message of its own, so that the service offers its fix (failure-reasons.ts).
      case 'name_mismatch':
        return user(syncMessages.nameMismatch, RpuStatus.missingLink);
      case 'required_fields':
        return user(syncMessages.needsHolderName, RpuStatus.missingLink);
      case 'service_cap':
        return user(syncMessages.serviceCapReached, RpuStatus.missingLink);
      case 'service_limit':
        return user(syncMessages.serviceLimit, RpuStatus.missingLink);
      case 'firewall':
      case 'empty_answer':
      case 'stale_grid':
        return system(error.message);
      case 'xml_throttle':
        return system(error.message, error.retryAfterMs ?? null, true);
    }
  }
  if (error instanceof PortalError) {
    switch (error.kind) {
      case 'invalid_credentials':
        return user(syncMessages.invalidCredentials, RpuStatus.badCredentials, {
          credentialWide: true,
          credentialStatus: CredentialStatus.invalidPassword,
        });
      case 'captcha_required':
        return user(syncMessages.captcha, RpuStatus.failed, { credentialWide: true });
      case 'cannot_link':
        return user(syncMessages.cannotLink, RpuStatus.missingLink);
      case 'wrong_total':
        return user(syncMessages.wrongLastPayment, RpuStatus.missingLink);
      case 'service_not_found':
        return user(syncMessages.serviceNotFound, RpuStatus.failed);
      case 'service_not_linked':
        return user(syncMessages.notLinked, RpuStatus.missingLink);
      case 'rate_limited':
        return system(syncMessages.portalRateLimited, error.retryAfterMs ?? null, true);
      case 'timeout':
        return system(syncMessages.portalTimeout);
      case 'unavailable':
        return system(syncMessages.portalUnavailable);
      default:
        return system(syncMessages.portalUnexpected);
    }
  }
  return system(syncMessages.internal);
}

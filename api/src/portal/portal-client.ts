/**
 * The portal's errors as the sync engine acts on them (user error or retry, decision 022), and the
 * credential it logs in with. `CfePortal` (mi-espacio/portal.ts) is what reaches CFE.
 */
export type PortalCredential = { key: string; cfeUser: string; password: string };

export type PortalErrorKind =
  | 'invalid_credentials'
  | 'captcha_required'
  | 'cannot_link'
  | 'wrong_total'
  | 'service_not_found'
  | 'service_not_linked'
  | 'rate_limited'
  | 'unavailable'
  | 'timeout'
  | 'unexpected';

/** Failures the user must fix: retrying cannot help (ARCHITECTURE §6). */
const userErrorKinds: ReadonlySet<PortalErrorKind> = new Set([
  'invalid_credentials',
  'captcha_required',
  'cannot_link',
  'wrong_total',
  'service_not_found',
  'service_not_linked',
]);

export class PortalError extends Error {
  constructor(
    readonly kind: PortalErrorKind,
    message: string,
    /** For rate limits: how long the portal asked us to wait. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'PortalError';
  }

  get isUserError() {
    return userErrorKinds.has(this.kind);
  }
}

/** What the sync engine needs from CFE's portal. The simulator and a real connector both fit it. */
export type PortalCredential = { key: string; cfeUser: string; password: string };

export type PortalService = { serviceNumber: string; holderName: string; tariff: string; address: string };

export type PortalReceipt = {
  id: string;
  initialDate: string;
  finalDate: string;
  dueDate: string;
  /** Whole pesos. */
  total: number;
  kwh: number;
  tariff: string;
  uuid: string;
};

export type PortalPayment = { date: string; amount: number; channel: string; reference: string };

export type ConsultedReceipt = {
  serviceNumber: string;
  holderName: string;
  tariff: string;
  /** Whole pesos: what the portal asks for when linking. */
  totalToPay: number;
  /** The latest receipt's period and due date (yyyy-MM-dd). */
  initialDate: string;
  finalDate: string;
  dueDate: string;
};

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

export interface PortalClient {
  listServices(credential: PortalCredential): Promise<PortalService[]>;
  linkService(credential: PortalCredential, serviceNumber: string, totalToPay: number): Promise<void>;
  listReceipts(credential: PortalCredential, serviceNumber: string): Promise<PortalReceipt[]>;
  downloadDocument(
    credential: PortalCredential,
    serviceNumber: string,
    receiptId: string,
    format: 'pdf' | 'xml',
  ): Promise<Buffer>;
  listPayments(credential: PortalCredential, serviceNumber: string): Promise<PortalPayment[]>;
  /** The public receipt consultation service; null when it has no receipt for the service. */
  consultReceipt(serviceNumber: string): Promise<ConsultedReceipt | null>;
  /** Forgets cached sessions, e.g. after the credential's password changed. */
  forget(credentialKey: string): void;
}

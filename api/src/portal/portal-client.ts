/** What the sync engine needs from CFE's portal. The simulator and a real connector both fit it. */
export type PortalCredential = { key: string; cfeUser: string; password: string };

export type PortalService = { serviceNumber: string; holderName: string; tariff: string; address: string };

/** What CFE issues for a service: receipts, complementary invoices and payment documents (CFDI type P). */
export type PortalDocumentType = 'receipt' | 'complementary' | 'payment';

/**
 * A document as the portal's grid lists it (REAL-CFE.md §1): known by series, folio, month and
 * type until its XML is read; everything else (UUID, amounts, period) comes from the CFDI.
 */
export type PortalDocument = {
  /** What downloadDocument takes; opaque to the engine. */
  id: string;
  /** Two letters, e.g. "KC" (receipts) or "K9" (payments). */
  series: string;
  /** 12 digits. */
  folio: string;
  /** yyyy-MM the grid lists it under. */
  month: string;
  type: PortalDocumentType;
  /** Receipts have a PDF and an XML; the other documents the XML only. */
  formats: ('pdf' | 'xml')[];
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
  /** Every document of the service in the portal, newest first. */
  listDocuments(credential: PortalCredential, serviceNumber: string): Promise<PortalDocument[]>;
  downloadDocument(
    credential: PortalCredential,
    serviceNumber: string,
    documentId: string,
    format: 'pdf' | 'xml',
  ): Promise<Buffer>;
  /**
   * The public receipt consultation service: the CFDI XML of the service's latest receipt, to be
   * read like any other; null when it has no receipt for the service.
   */
  consultReceipt(serviceNumber: string): Promise<Buffer | null>;
  /** Forgets cached sessions, e.g. after the credential's password changed. */
  forget(credentialKey: string): void;
}

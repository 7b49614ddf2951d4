import { type PortalCredential, PortalError, type PortalErrorKind } from '../portal-client';

/**
 * What Luz needs from CFE as CFE really is (decision 040): the successor of `PortalClient`,
 * implemented by the Mi Espacio connector. Documents are known by series, folio, month and type
 * until their XML is read; linking takes the holder's name, alias and total to pay; the public
 * consultation takes the holder's name; a CAPTCHA is a challenge the engine can pause on.
 */

export type { PortalCredential };

/** A service of the account as Mi Espacio lists it. Holder, tariff and address come from the CFDI. */
export type AccountService = { serviceNumber: string; alias: string };

export type DocumentFormat = 'pdf' | 'xml';

/** A row of CFE's documents grid. */
export type PortalDocument = {
  series: string;
  folio: string;
  /** The grid's month, yyyy-MM. */
  month: string;
  /** The grid's type as written ("OCR" for a receipt). */
  type: string;
  /**
   * What the row alone says: a receipt has a PDF and an XML; payment documents and complementary
   * invoices only an XML. What a document is for sure comes from its XML.
   */
  kind: 'receipt' | 'other';
  formats: DocumentFormat[];
};

/** A downloaded document: the portal's attachment, named `<series>-<folio>.<format>`. */
export type PortalFile = { fileName: string; contentType: string; body: Buffer };

export type LinkRequest = {
  serviceNumber: string;
  /** The holder's name exactly as CFE has it (the receipt's NOMBRE, not the legal name). */
  holderName: string;
  alias: string;
  /** Whole pesos: CFE's total to pay (IMPTOTAL) of the last or second-to-last receipt. */
  totalToPay: number;
  /**
   * Refuse without asking the portal when the account already has this many services (CFE
   * reportedly blocks accounts beyond 10); null once the user confirmed going beyond.
   */
  serviceCap: number | null;
};

export type ConsultationRequest = { serviceNumber: string; holderName: string };

/** A receipt of "Consulta tu recibo": its month, and its XML when it was fetched (IMPTOTAL is the total to pay). */
export type ConsultedReceipt = { month: string; xml: PortalFile | null };

/** "Consulta tu recibo": the latest receipts (CFE shows 3–8), newest first. */
export type Consultation = { receipts: ConsultedReceipt[] };

/**
 * A session's cookies and where its login stands, serialisable so that the engine can keep it
 * (encrypted: the cookies are a logged-in session) and share it between workers.
 */
export type SessionSnapshot = {
  version: 1;
  /** The portal user it belongs to. */
  cfeUser: string;
  /** tough-cookie's serialised jar. */
  cookies: unknown;
  loggedIn: boolean;
  /** The grids the server session showed, by service (a stale grid shows the same rows for another). */
  grids: [serviceNumber: string, rows: string][];
  /** A form waiting for the CAPTCHA's answer: where it posts and its hidden fields (never the password). */
  pending: { action: string; fields: [string, string][] } | null;
  savedAt: number;
};

/** The portal asked for its image CAPTCHA: a person must read it (Luz never sends it anywhere). */
export type CaptchaChallenge = {
  scope: 'login' | 'consultation';
  image: Buffer;
  contentType: string;
  issuedAt: number;
  /** The session the answer must be posted with. */
  session: SessionSnapshot;
};

export type CaptchaAnswer = { challenge: CaptchaChallenge; answer: string };

export interface CfePortal {
  /** Logs in now ("Conectar con CFE"), with the answer to a challenge when the portal asked for one. */
  openSession(credential: PortalCredential, answer?: CaptchaAnswer): Promise<void>;
  listServices(credential: PortalCredential): Promise<AccountService[]>;
  linkService(credential: PortalCredential, request: LinkRequest): Promise<void>;
  /** The whole grid of a service of the account, newest first. */
  listDocuments(credential: PortalCredential, serviceNumber: string): Promise<PortalDocument[]>;
  downloadDocument(
    credential: PortalCredential,
    serviceNumber: string,
    document: Pick<PortalDocument, 'series' | 'folio'>,
    format: DocumentFormat,
  ): Promise<PortalFile>;
  /** Null when CFE has no receipt for the service. `downloads`: how many of the newest XMLs to fetch. */
  consult(
    request: ConsultationRequest,
    options?: { downloads?: number; answer?: CaptchaAnswer },
  ): Promise<Consultation | null>;
  /** The credential's session, to store; null when it has none. */
  exportSession(credentialKey: string): SessionSnapshot | null;
  /** Resumes a stored session (another worker's, a restart's); ignored when it is another user's. */
  importSession(credential: PortalCredential, snapshot: SessionSnapshot): boolean;
  /** Forgets the credential's session, e.g. after its password changed. */
  forget(credentialKey: string): void;
}

/** Why the portal failed, finer than the kind the engine acts on. */
export type CfeFailure =
  | 'login_refused'
  | 'captcha_required'
  | 'captcha_refused'
  | 'firewall'
  | 'empty_answer'
  | 'outage'
  | 'xml_throttle'
  | 'stale_grid'
  | 'name_mismatch'
  | 'total_mismatch'
  | 'required_fields'
  | 'service_limit'
  | 'service_cap'
  | 'unknown_service'
  | 'not_in_account'
  | 'document_missing'
  | 'unknown_page'
  | 'timeout'
  | 'network';

/** What each failure means for the engine (user error or retry), by the kinds it already knows. */
const kinds: Record<CfeFailure, PortalErrorKind> = {
  login_refused: 'invalid_credentials',
  captcha_required: 'captcha_required',
  captcha_refused: 'captcha_required',
  firewall: 'unavailable',
  empty_answer: 'unavailable',
  outage: 'unavailable',
  xml_throttle: 'rate_limited',
  stale_grid: 'unavailable',
  name_mismatch: 'cannot_link',
  total_mismatch: 'wrong_total',
  required_fields: 'cannot_link',
  service_limit: 'cannot_link',
  service_cap: 'cannot_link',
  unknown_service: 'service_not_found',
  not_in_account: 'service_not_linked',
  document_missing: 'unexpected',
  unknown_page: 'unexpected',
  timeout: 'timeout',
  network: 'unavailable',
};

export class CfePortalError extends PortalError {
  constructor(
    readonly failure: CfeFailure,
    message: string,
    options: { retryAfterMs?: number; challenge?: CaptchaChallenge } = {},
  ) {
    super(kinds[failure], message, options.retryAfterMs);
    this.name = 'CfePortalError';
    this.challenge = options.challenge ?? null;
  }

  /** With captcha_required and captcha_refused: what the person must answer. */
  readonly challenge: CaptchaChallenge | null;
}

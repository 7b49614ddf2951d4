import type { AppContext } from '../context';
import type { PortalCredential } from '../portal/mi-espacio/portal';

// What every step is given, apart from the steps themselves so that helpers of a step
// (linking.ts, receipts) can use it without importing steps.ts back.

export type SyncContext = Pick<
  AppContext,
  | 'db'
  | 'jobs'
  | 'syncEvents'
  | 'cfePortal'
  | 'storage'
  | 'secrets'
  | 'mailer'
  | 'config'
  | 'webhooks'
  | 'syncHooks'
>;

/** The service point a step works on. */
export type StepRpu = {
  id: string;
  serviceNumber: string;
  alias: string;
  /** The holder's name as CFE has it (the user's, or the receipts'); linking needs it. */
  holderName: string | null;
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
  /** The user confirmed that linking may leave the CFE account past PORTAL_SERVICE_CAP. */
  exceedServiceCap: boolean;
  signal: AbortSignal;
  /** Epoch ms: long work stops here and continues in the next run of the same step. */
  deadline: number;
  /** Tells how far the step is (`done` of `total` documents), with a message for the user. */
  progress: (done: number, total: number, message?: string | null) => Promise<void>;
};

export function rpuOf(input: StepInput): StepRpu {
  if (!input.rpu) throw new Error('This step needs a service point');
  return input.rpu;
}

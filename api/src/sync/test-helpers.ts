import { randomUUID } from 'node:crypto';
import type { SyncEvent, Task } from '@luz/shared/contract';
import { credentialPasswordBinding } from '../credentials/service';
import { createSecretBox } from '../crypto/secret-box';
import { type ReplicaOptions, startReplica } from '../portal/replica/server';
import { type ReplicaWorld, simulatedWorld } from '../portal/replica/world';
import { searchText } from '../rpus/service';
import { SYNC_EVENTS_CHANNEL } from '../sync-events/hub';
import { bearer } from '../testing/fixtures';
import type { ConfigOverrides, TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';

/**
 * The history the replica's grid lists in sync tests: a year still has receipts, re-issues,
 * complementary invoices and payments of every kind, enough for CFE's XML throttle (every 5) and
 * a failure midway, at under half the simulated world's default (26 months), which the whole sync
 * suite paid in every file (issue 11). Tests that need a long sync (progress that moves while it
 * runs) start a replica of their own with more.
 */
export const HISTORY_MONTHS = 12;
/** The receipts any service has in that history: bimonthly ones, one fewer at the window's edge. */
export const FEWEST_RECEIPTS = HISTORY_MONTHS / 2 - 1;
export const LONG_HISTORY_MONTHS = 26;
/**
 * An account's history (the replica's `historyMonths` switch) for tests of how a sync runs, not of
 * what the history holds: two receipts a service, with their payments.
 */
export const SHORT_HISTORY = { historyMonths: 4 } as const;

/**
 * The replica of CFE's pages on a loopback port, as the product reaches it (real HTTP, the real
 * connector). The XML throttle is off: it is a fault of its own tests, not of every sync.
 */
export async function startSyncReplica(options: ReplicaOptions = {}) {
  const faults: DocumentFaults = { mismatchedXml: new Set(), failingDownloads: new Map(), served: new Map() };
  const replica = await startReplica({
    world: withDocumentFaults(
      simulatedWorld({ today: () => new Date(), historyMonths: options.historyMonths ?? HISTORY_MONTHS }),
      faults,
    ),
    ...options,
  });
  replica.state.global.xmlThrottle = null;
  return {
    ...replica,
    ...faults,
    /** The account's service numbers, in the order Mi Espacio lists them. */
    services: (username: string) =>
      replica.state.account(username)?.services.map((service) => service.serviceNumber) ?? [],
    /** Documents the replica served (PDF and XML). */
    downloads: () => replica.state.stats.downloads.pdf + replica.state.stats.downloads.xml,
  };
}

/** Faults of single documents, beyond the replica's switches: what sync tests inject and count. */
export type DocumentFaults = {
  /** Services whose grid serves another service's CFDIs (a portal fault no fresh login cures). */
  mismatchedXml: Set<string>;
  /** `<service>/<series>-<folio>.<format>` → how many more downloads of it fail (CFE's server error). */
  failingDownloads: Map<string, number>;
  /** `<service>/<series>-<folio>.<format>` → how many times the replica served it. */
  served: Map<string, number>;
};

/** The world, with `faults` applied to its documents' files. */
function withDocumentFaults(world: ReplicaWorld, faults: DocumentFaults): ReplicaWorld {
  const served = <T>(file: string, body: () => T): T => {
    const failing = faults.failingDownloads.get(file) ?? 0;
    if (failing > 0) {
      faults.failingDownloads.set(file, failing - 1);
      throw new Error(`injected failure of ${file}`);
    }
    faults.served.set(file, (faults.served.get(file) ?? 0) + 1);
    return body();
  };
  return {
    accountServices: world.accountServices,
    service(serviceNumber, historyMonths) {
      const service = world.service(serviceNumber, historyMonths);
      if (!service) return null;
      const other = faults.mismatchedXml.has(serviceNumber)
        ? world.service(`${serviceNumber.startsWith('9') ? '8' : '9'}${serviceNumber.slice(1)}`)
        : null;
      return {
        ...service,
        documents: service.documents.map((document, index) => {
          const file = `${serviceNumber}/${document.series}-${document.folio}`;
          const xml = other?.documents[index]?.xml ?? document.xml;
          const { pdf } = document;
          return {
            ...document,
            xml: () => served(`${file}.xml`, xml),
            pdf: pdf && (() => served(`${file}.pdf`, pdf)),
          };
        }),
      };
    },
  };
}

export type SyncReplica = Awaited<ReturnType<typeof startSyncReplica>>;

/** App configuration for sync tests: workers on, the connector pointed at the replica. */
export const syncConfig = (replicaUrl: string, overrides: ConfigOverrides = {}): ConfigOverrides => ({
  workers: true,
  ...overrides,
  portal: { url: replicaUrl, ...overrides.portal },
});

/** A portal credential stored as the credentials service stores it (password sealed). */
export async function seedCredential(
  t: TestApp,
  userId: string,
  { cfeUser = 'empresa.demo', password = 'Demo-2024', status = 0 } = {},
): Promise<string> {
  const id = randomUUID();
  const sealed = createSecretBox(t.config.credentialsKey).seal(password, credentialPasswordBinding(id));
  await t.db.query(
    'INSERT INTO credentials (id, user_id, cfe_user, password_encrypted, status) VALUES ($1, $2, $3, $4, $5)',
    [id, userId, cfeUser, sealed, status],
  );
  return id;
}

export async function seedRpu(
  t: TestApp,
  userId: string,
  {
    serviceNumber,
    credentialId = null,
    lastPayment = null,
    alias = '',
    holderName = null,
    sendEmailNotifications = false,
    withAutofetch = false,
  }: {
    serviceNumber: string;
    credentialId?: string | null;
    lastPayment?: string | null;
    alias?: string;
    holderName?: string | null;
    sendEmailNotifications?: boolean;
    withAutofetch?: boolean;
  },
): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO rpus (user_id, credential_id, service_number, alias, alias_search, last_payment,
       send_email_notifications, with_autofetch, holder_name, rpu_status)
     VALUES ($1, $2, $3, $4, $5, $6::numeric, $7, $8, $9, CASE WHEN $2::uuid IS NULL THEN 5 ELSE 0 END) RETURNING id`,
    [
      userId,
      credentialId,
      serviceNumber,
      alias,
      searchText(alias),
      lastPayment,
      sendEmailNotifications,
      withAutofetch,
      holderName,
    ],
  );
  return (rows[0] as { id: string }).id;
}

/**
 * Waits until the task has finished, then answers it as the API does. No deadline of its own: how
 * long a sync takes depends on the machine's load; a task that never finishes hits jest's limit.
 */
export async function waitForTask(t: TestApp, token: string, taskId: string): Promise<Task> {
  for (;;) {
    const { rows } = await t.db.query<{ finished: boolean }>(
      'SELECT finished_at IS NOT NULL AS finished FROM tasks WHERE id = $1',
      [taskId],
    );
    if (rows[0]?.finished) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/tasks/?page_size=500',
    headers: bearer(token),
  });
  const task = response.json<{ data: Task[] }>().data.find((candidate) => candidate.task_id === taskId);
  if (!task) throw new Error(`Task ${taskId} is not listed`);
  return task;
}

export async function associationsOf(t: TestApp, taskId: string) {
  const { rows } = await t.db.query<{
    id: string;
    rpu_id: string | null;
    chain_step: string;
    status: number;
    attempt: number;
    message: string | null;
    progress: number;
  }>(
    'SELECT id, rpu_id, chain_step, status, attempt, message, progress FROM task_associations WHERE task_id = $1 ORDER BY created_at',
    [taskId],
  );
  return rows;
}

export async function rpuState(t: TestApp, rpuId: string) {
  const { rows } = await t.db.query<{
    rpu_status: number;
    status_message: string | null;
    credential_id: string | null;
  }>('SELECT rpu_status, status_message, credential_id FROM rpus WHERE id = $1', [rpuId]);
  return rows[0];
}

/**
 * Every sync event published from now on, as every API process hears them: no step change is
 * missed, however briefly it lasted. `through(associationId)` waits for that association's last
 * event (success or error): events arrive in commit order, so all earlier ones are in by then.
 */
export async function recordSyncEvents(t: TestApp) {
  const events: SyncEvent[] = [];
  const stop = await t.db.listen(SYNC_EVENTS_CHANNEL, (payload) => {
    events.push((JSON.parse(payload) as { event: SyncEvent }).event);
  });
  return {
    stop,
    async through(associationId: string) {
      const of = () => events.filter((event) => event.task_association_id === associationId);
      await waitFor(() => of().some((event) => event.event_type !== 'progress'));
      return of();
    },
  };
}

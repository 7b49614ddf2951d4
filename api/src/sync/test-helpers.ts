import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { SyncEvent, Task } from '@luz/shared/contract';
import { credentialPasswordBinding } from '../credentials/service';
import { createSecretBox } from '../crypto/secret-box';
import { buildPortalSimulator, type SimulatorOptions } from '../portal/simulator/server';
import { searchText } from '../rpus/service';
import { SYNC_EVENTS_CHANNEL } from '../sync-events/hub';
import { bearer } from '../testing/fixtures';
import type { ConfigOverrides, TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';

/** The portal simulator on a loopback port, as the product reaches it (over HTTP). */
export async function startSimulator(options: SimulatorOptions = {}) {
  const simulator = buildPortalSimulator(options);
  await simulator.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(simulator.app.server.address() as AddressInfo).port}`;
  return { ...simulator, url, close: () => simulator.app.close() };
}

/** App configuration for sync tests: workers on, pointed at the simulator. */
export const syncConfig = (portalUrl: string, overrides: ConfigOverrides = {}): ConfigOverrides => ({
  workers: true,
  portalUrl,
  ...overrides,
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
    sendEmailNotifications = false,
    withAutofetch = false,
  }: {
    serviceNumber: string;
    credentialId?: string | null;
    lastPayment?: string | null;
    alias?: string;
    sendEmailNotifications?: boolean;
    withAutofetch?: boolean;
  },
): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO rpus (user_id, credential_id, service_number, alias, alias_search, last_payment,
       send_email_notifications, with_autofetch, rpu_status)
     VALUES ($1, $2, $3, $4, $5, $6::numeric, $7, $8, CASE WHEN $2::uuid IS NULL THEN 5 ELSE 0 END) RETURNING id`,
    [
      userId,
      credentialId,
      serviceNumber,
      alias,
      searchText(alias),
      lastPayment,
      sendEmailNotifications,
      withAutofetch,
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

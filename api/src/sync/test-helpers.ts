import type { AddressInfo } from 'node:net';
import type { Task } from '@luz/shared/contract';
import { createSecretBox } from '../crypto/secret-box';
import { buildPortalSimulator, type SimulatorOptions } from '../portal/simulator/server';
import { bearer } from '../testing/fixtures';
import type { ConfigOverrides, TestApp } from '../testing/test-app';

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
  const sealed = createSecretBox(t.config.credentialsKey).seal(password);
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO credentials (user_id, cfe_user, password_encrypted, status) VALUES ($1, $2, $3, $4) RETURNING id`,
    [userId, cfeUser, sealed, status],
  );
  return (rows[0] as { id: string }).id;
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
    `INSERT INTO rpus (user_id, credential_id, service_number, alias, last_payment, send_email_notifications,
       with_autofetch, rpu_status)
     VALUES ($1, $2, $3, $4, $5::numeric, $6, $7, CASE WHEN $2::uuid IS NULL THEN 5 ELSE 0 END) RETURNING id`,
    [userId, credentialId, serviceNumber, alias, lastPayment, sendEmailNotifications, withAutofetch],
  );
  return (rows[0] as { id: string }).id;
}

/** Waits until every task of the user (or one task) has finished, then answers it as the API does. */
export async function waitForTask(
  t: TestApp,
  token: string,
  taskId: string,
  timeoutMs = 20_000,
): Promise<Task> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await t.db.query<{ finished: boolean }>(
      'SELECT finished_at IS NOT NULL AS finished FROM tasks WHERE id = $1',
      [taskId],
    );
    if (rows[0]?.finished) break;
    if (Date.now() > deadline) throw new Error(`Task ${taskId} did not finish within ${timeoutMs} ms`);
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

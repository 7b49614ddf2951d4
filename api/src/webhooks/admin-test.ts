import type { RpuStatus, WebhookDelivery, WebhookRpu } from '@luz/shared/contract';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { webhookMessages } from './messages';

type RpuRow = {
  id: string;
  user_id: string;
  service_number: string;
  alias: string;
  rpu_status: RpuStatus;
  credential_id: string | null;
};

/**
 * A superuser checks a customer's integration with one of their service points: every enabled
 * endpoint of the RPU's owner gets a `webhook.test` message carrying that RPU, now, once.
 */
export async function adminTestRpu(
  ctx: Pick<AppContext, 'db' | 'webhooks'>,
  rpuId: string,
): Promise<WebhookDelivery[]> {
  const { rows } = await ctx.db.query<RpuRow>(
    'SELECT id, user_id, service_number, alias, rpu_status, credential_id FROM rpus WHERE id = $1',
    [rpuId],
  );
  const rpu = rows[0];
  if (!rpu) throw notFound(webhookMessages.rpuNotFound);
  const data: WebhookRpu = {
    rpu_id: rpu.id,
    service_number: rpu.service_number,
    alias: rpu.alias,
    rpu_status: rpu.rpu_status,
    credential_id: rpu.credential_id,
  };
  const webhooks = await ctx.db.query<{ id: string }>(
    'SELECT id FROM webhooks WHERE user_id = $1 AND enabled ORDER BY created_at',
    [rpu.user_id],
  );
  return Promise.all(
    webhooks.rows.map(({ id }) =>
      ctx.webhooks.sendTest(id, { webhook_id: id, message: webhookMessages.testMessage, rpu: data }),
    ),
  );
}

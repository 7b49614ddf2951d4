import type {
  Message,
  WebhookCreate,
  WebhookDelivery,
  WebhookUpdate,
  WebhookUpdated,
  WebhookWithSecret,
} from '../contract';
import { call } from './call';

export const webhooksApi = {
  async create(body: WebhookCreate): Promise<WebhookWithSecret> {
    return call('createWebhook', { body });
  },
  async update(webhookId: string, body: WebhookUpdate): Promise<WebhookUpdated> {
    return call('updateWebhook', { params: { webhook_id: webhookId }, body });
  },
  async remove(webhookId: string): Promise<Message> {
    return call('deleteWebhook', { params: { webhook_id: webhookId } });
  },
  async test(webhookId: string): Promise<WebhookDelivery> {
    return call('testWebhook', { params: { webhook_id: webhookId } });
  },
  /** Superusers: a webhook.test with this RPU to every enabled endpoint of its owner. */
  async adminTestRpu(rpuId: string): Promise<WebhookDelivery[]> {
    return call('testAnyRpuWebhook', { params: { rpu_id: rpuId } });
  },
};

import {
  type Message,
  type Page,
  type PageQuery,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookUpdate,
  type WebhookUpdated,
  type WebhookWithSecret,
  zMessage,
  zPage,
  zWebhook,
  zWebhookDelivery,
  zWebhookUpdated,
  zWebhookWithSecret,
} from '../contract';
import { http } from './client';

const zWebhooksPage = zPage(zWebhook);
const zDeliveriesPage = zPage(zWebhookDelivery);

export const webhooksApi = {
  async list(query: PageQuery): Promise<Page<Webhook>> {
    const { data } = await http.get('/webhooks/', { params: query });
    return zWebhooksPage.parse(data);
  },
  async create(body: WebhookCreate): Promise<WebhookWithSecret> {
    const { data } = await http.post('/webhooks/', body);
    return zWebhookWithSecret.parse(data);
  },
  async update(webhookId: string, body: WebhookUpdate): Promise<WebhookUpdated> {
    const { data } = await http.patch(`/webhooks/${webhookId}`, body);
    return zWebhookUpdated.parse(data);
  },
  async remove(webhookId: string): Promise<Message> {
    const { data } = await http.delete(`/webhooks/${webhookId}`);
    return zMessage.parse(data);
  },
  async test(webhookId: string): Promise<WebhookDelivery> {
    const { data } = await http.post(`/webhooks/${webhookId}/test`);
    return zWebhookDelivery.parse(data);
  },
  async deliveries(webhookId: string, query: PageQuery): Promise<Page<WebhookDelivery>> {
    const { data } = await http.get(`/webhooks/${webhookId}/deliveries`, { params: query });
    return zDeliveriesPage.parse(data);
  },
  /** Superusers: a webhook.test with this RPU to every enabled endpoint of its owner. */
  async adminTestRpu(rpuId: string): Promise<WebhookDelivery[]> {
    const { data } = await http.post(`/webhooks/admin/${rpuId}/test`);
    return zWebhookDelivery.array().parse(data);
  },
};

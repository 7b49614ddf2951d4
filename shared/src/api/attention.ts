import type { AttentionItem, Page, PageQuery } from '../contract';
import { call } from './call';

/** "Requiere atención" (GET /attention/): what of the user's needs a person, newest first. */
export const attentionApi = {
  async list(query: PageQuery): Promise<Page<AttentionItem>> {
    return call('listAttention', { query });
  },
};

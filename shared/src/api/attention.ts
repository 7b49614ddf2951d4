import { type AttentionItem, type Page, type PageQuery, zAttentionItem, zPage } from '../contract';
import { http } from './client';

const zAttentionPage = zPage(zAttentionItem);

/** "Requiere atención" (GET /attention/): what of the user's needs a person, newest first. */
export const attentionApi = {
  async list(query: PageQuery): Promise<Page<AttentionItem>> {
    const { data } = await http.get('/attention/', { params: query });
    return zAttentionPage.parse(data);
  },
};

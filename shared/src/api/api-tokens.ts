import {
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenWithSecret,
  type Message,
  type Page,
  type PageQuery,
  zApiToken,
  zApiTokenWithSecret,
  zMessage,
  zPage,
} from '../contract';
import { http } from './client';

const zApiTokensPage = zPage(zApiToken);

export const apiTokensApi = {
  async list(query: PageQuery): Promise<Page<ApiToken>> {
    const { data } = await http.get('/api-tokens/', { params: query });
    return zApiTokensPage.parse(data);
  },
  async create(body: ApiTokenCreate): Promise<ApiTokenWithSecret> {
    const { data } = await http.post('/api-tokens/', body);
    return zApiTokenWithSecret.parse(data);
  },
  async revoke(tokenId: string): Promise<Message> {
    const { data } = await http.delete(`/api-tokens/${tokenId}`);
    return zMessage.parse(data);
  },
};

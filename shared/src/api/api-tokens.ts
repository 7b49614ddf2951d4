import type { ApiToken, ApiTokenCreate, ApiTokenWithSecret, Message, Page, PageQuery } from '../contract';
import { call } from './call';

export const apiTokensApi = {
  async list(query: PageQuery): Promise<Page<ApiToken>> {
    return call('listApiTokens', { query });
  },
  async create(body: ApiTokenCreate): Promise<ApiTokenWithSecret> {
    return call('createApiToken', { body });
  },
  async revoke(tokenId: string): Promise<Message> {
    return call('revokeApiToken', { params: { token_id: tokenId } });
  },
};

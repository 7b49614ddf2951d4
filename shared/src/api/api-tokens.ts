import type { ApiTokenCreate, ApiTokenWithSecret, Message } from '../contract';
import { call } from './call';

export const apiTokensApi = {
  async create(body: ApiTokenCreate): Promise<ApiTokenWithSecret> {
    return call('createApiToken', { body });
  },
  async revoke(tokenId: string): Promise<Message> {
    return call('revokeApiToken', { params: { token_id: tokenId } });
  },
};

import {
  type Credential,
  type CredentialCreate,
  type CredentialUpdate,
  type Page,
  type PageQuery,
  zCredential,
  zPage,
} from '../contract';
import { http } from './client';

const zCredentialsPage = zPage(zCredential);

export const credentialsApi = {
  async create(body: CredentialCreate): Promise<Credential> {
    const { data } = await http.post('/credentials/', body);
    return zCredential.parse(data);
  },
  async list(query: PageQuery): Promise<Page<Credential>> {
    const { data } = await http.get('/credentials/', { params: query });
    return zCredentialsPage.parse(data);
  },
  async all(): Promise<Credential[]> {
    const { data } = await http.get('/credentials/all');
    return zCredential.array().parse(data);
  },
  async update(credentialId: string, body: CredentialUpdate): Promise<Credential> {
    const { data } = await http.patch(`/credentials/${credentialId}`, body);
    return zCredential.parse(data);
  },
  async remove(credentialId: string): Promise<void> {
    await http.delete(`/credentials/${credentialId}`);
  },
  /** Starts the sync of every service point of the credential (endpoint of the sync engine). */
  async sync(credentialId: string): Promise<unknown> {
    const { data } = await http.post(`/credentials/sync/${credentialId}`, {});
    return data;
  },
};

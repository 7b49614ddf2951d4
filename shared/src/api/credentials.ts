import {
  type CaptchaAnswer,
  type CaptchaChallenge,
  type Credential,
  type CredentialCreate,
  type CredentialSyncRequest,
  type CredentialUpdate,
  type Page,
  type PageQuery,
  type PortalConnection,
  type Task,
  zCaptchaChallenge,
  zCredential,
  zPage,
  zPortalConnection,
  zTask,
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
  async get(credentialId: string): Promise<Credential> {
    const { data } = await http.get(`/credentials/${credentialId}`);
    return zCredential.parse(data);
  },
  async update(credentialId: string, body: CredentialUpdate): Promise<Credential> {
    const { data } = await http.patch(`/credentials/${credentialId}`, body);
    return zCredential.parse(data);
  },
  async remove(credentialId: string): Promise<void> {
    await http.delete(`/credentials/${credentialId}`);
  },
  /**
   * Syncs the account: without body its portal space (workflow 2); with `workflow` 3 or 4 a bulk
   * sync or link of its service points (or of `rpu_ids`). Answers the queued task.
   */
  async sync(credentialId: string, body: CredentialSyncRequest = {}): Promise<Task> {
    const { data } = await http.post(`/credentials/sync/${credentialId}`, body);
    return zTask.parse(data);
  },
  /** "Conectar con CFE": opens (or checks) the portal session now; CFE may ask for a CAPTCHA. */
  async connect(credentialId: string): Promise<PortalConnection> {
    const { data } = await http.post(`/credentials/${credentialId}/connect`);
    return zPortalConnection.parse(data);
  },
  /** The CAPTCHA waiting for the owner's answer (404 when none). */
  async captcha(credentialId: string): Promise<CaptchaChallenge> {
    const { data } = await http.get(`/credentials/${credentialId}/captcha`);
    return zCaptchaChallenge.parse(data);
  },
  async answerCaptcha(credentialId: string, body: CaptchaAnswer): Promise<PortalConnection> {
    const { data } = await http.post(`/credentials/${credentialId}/captcha`, body);
    return zPortalConnection.parse(data);
  },
  /** Another image (a new login form). */
  async newCaptcha(credentialId: string): Promise<PortalConnection> {
    const { data } = await http.post(`/credentials/${credentialId}/captcha/new`);
    return zPortalConnection.parse(data);
  },
};

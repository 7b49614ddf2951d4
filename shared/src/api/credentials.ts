import type {
  CaptchaAnswer,
  Credential,
  CredentialCreate,
  CredentialSyncRequest,
  CredentialUpdate,
  PortalConnection,
  Task,
} from '../contract';
import { call } from './call';

export const credentialsApi = {
  async create(body: CredentialCreate): Promise<Credential> {
    return call('createCredential', { body });
  },
  async get(credentialId: string): Promise<Credential> {
    return call('getCredential', { params: { credential_id: credentialId } });
  },
  async update(credentialId: string, body: CredentialUpdate): Promise<Credential> {
    return call('updateCredential', { params: { credential_id: credentialId }, body });
  },
  async remove(credentialId: string): Promise<void> {
    await call('deleteCredential', { params: { credential_id: credentialId } });
  },
  /**
   * Syncs the account: without body its portal space (workflow 2); with `workflow` 3 or 4 a bulk
   * sync or link of its service points (or of `rpu_ids`). Answers the queued task.
   */
  async sync(credentialId: string, body: CredentialSyncRequest = {}): Promise<Task> {
    return call('syncCredential', { params: { credential_id: credentialId }, body });
  },
  /** "Conectar con CFE": opens (or checks) the portal session now; CFE may ask for a CAPTCHA. */
  async connect(credentialId: string): Promise<PortalConnection> {
    return call('connectCredential', { params: { credential_id: credentialId } });
  },
  async answerCaptcha(credentialId: string, body: CaptchaAnswer): Promise<PortalConnection> {
    return call('answerCaptcha', { params: { credential_id: credentialId }, body });
  },
  /** Another image (a new login form). */
  async newCaptcha(credentialId: string): Promise<PortalConnection> {
    return call('newCaptcha', { params: { credential_id: credentialId } });
  },
};

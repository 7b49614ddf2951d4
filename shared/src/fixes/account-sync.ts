import { queryClient, toast } from '@luz/shared/core';
import { es } from '@luz/shared/text';
import { credentialsApi } from '../api/credentials';
import { type Credential, SyncWorkflow } from '../contract';
import { errorMessage } from '../errors';
import { familyKey } from '../query';

/**
 * After any change to service points or a fix: the lists of services and accounts (with their
 * service-point counts), and with them the inbox, load again.
 */
export async function refreshRpusAndCredentials() {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: familyKey('rpus') }),
    queryClient.invalidateQueries({ queryKey: familyKey('credentials') }),
  ]);
}

/**
 * Imports an account's services with their receipts and syncs them all (its portal space,
 * workflow 2), as soon as it is added or its password replaced: the password is tried at once
 * and a wrong one shows right away. Not awaited by the caller's dialog: the sync area follows it.
 */
export async function startAccountImport(credential: Pick<Credential, 'credential_id'>) {
  try {
    await credentialsApi.sync(credential.credential_id);
    toast.info(es.onboarding.importStarted);
  } catch (error) {
    toast.error(errorMessage(error));
  } finally {
    await refreshRpusAndCredentials();
  }
}

/**
 * After a new password (or a CAPTCHA answered): the account's services sync again with it (a
 * bulk sync, workflow 3); an account without services yet imports them instead.
 */
export async function resyncAccount(credential: Pick<Credential, 'credential_id' | 'rpus_count'>) {
  if (credential.rpus_count === 0) return startAccountImport(credential);
  try {
    await credentialsApi.sync(credential.credential_id, { workflow: SyncWorkflow.bulkSync });
    toast.info(es.attention.done.syncStarted);
  } catch (error) {
    toast.error(errorMessage(error));
  } finally {
    await refreshRpusAndCredentials();
  }
}

/**
 * "Resolver CAPTCHA" / "Conectar con CFE": opens the account's CFE session now. When CFE asks for
 * its CAPTCHA, the sync area opens with it (the socket announces it); when CFE lets us in, the
 * account's services sync.
 */
export async function connectAccount(credentialId: string) {
  try {
    const result = await credentialsApi.connect(credentialId);
    if (result.state === 'connected') {
      toast.success(es.attention.done.connected);
      await resyncAccount(await credentialsApi.get(credentialId));
    } else if (result.state === 'captcha') toast.info(es.attention.done.captchaAsked);
    else toast.error(result.message);
  } catch (error) {
    toast.error(errorMessage(error));
  } finally {
    await refreshRpusAndCredentials();
  }
}

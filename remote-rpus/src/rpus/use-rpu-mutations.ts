import { errorMessage, toast } from '@luz/shared';
import { useQuery } from '@tanstack/react-query';
import { credentialsQuery } from '../first-queries';

/** A failed change: the API's reason, in a toast. */
export const toastError = (error: unknown) => toast.error(errorMessage(error));

/** The user's CFE accounts, for the pickers of this screen. */
export function useCredentials() {
  return useQuery(credentialsQuery());
}

/** How a credential is named in a picker: its alias with the portal user, or the portal user alone. */
export const credentialLabel = (credential: { alias: string; cfe_user: string }) =>
  credential.alias ? `${credential.alias} (${credential.cfe_user})` : credential.cfe_user;

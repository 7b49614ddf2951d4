import {
  Alert,
  type Credential,
  CredentialStatus,
  credentialsApi,
  es,
  FormModal,
  familyKey,
  PasswordField,
  queryClient,
  resyncAccount,
  TextField,
  toast,
  useFormErrors,
  zCredentialUpdate,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { settingsText } from '../text';

const text = settingsText.cfe;

/** Edits an account's alias, portal user and (when typed) password; the password is never shown. */
export function CredentialEditModal({
  credential,
  onClose,
  passwordFirst = false,
}: {
  credential: Credential;
  onClose: () => void;
  /** Opened to replace a password (from "Actualizar contraseña"): the password takes the focus. */
  passwordFirst?: boolean;
}) {
  const form = useFormErrors();
  const update = useMutation({
    mutationFn: (body: Parameters<typeof credentialsApi.update>[1]) =>
      credentialsApi.update(credential.credential_id, body),
    onSuccess: async (_, body) => {
      await queryClient.invalidateQueries({ queryKey: familyKey('credentials') });
      toast.success(body.password ? text.passwordSaved : text.saved);
      onClose();
      // A new password is tried at once: the account's services sync with it.
      if (body.password) await resyncAccount(credential);
    },
    onError: form.fromServer,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    form.check(
      zCredentialUpdate,
      {
        alias: data.get('alias') ?? '',
        cfe_user: data.get('cfe_user') ?? '',
        ...(password ? { password } : {}),
      },
      (data) => update.mutate(data),
    );
  };

  return (
    <FormModal
      title={
        passwordFirst
          ? text.editPasswordTitle(credential.alias || credential.cfe_user)
          : text.editTitle(credential.alias || credential.cfe_user)
      }
      onClose={onClose}
      onSubmit={submit}
      message={form.message}
      submitLabel={es.common.save}
      submitting={update.isPending}
    >
      {credential.status === CredentialStatus.invalidPassword ? (
        <Alert tone="warning">{text.refusedPassword}</Alert>
      ) : null}
      <TextField
        label={es.onboarding.cfeUser}
        name="cfe_user"
        defaultValue={credential.cfe_user}
        autoComplete="off"
        error={form.errors.cfe_user}
      />
      <PasswordField
        label={text.newPassword}
        name="password"
        autoComplete="new-password"
        hint={text.newPasswordHint}
        error={form.errors.password}
        autoFocus={passwordFirst}
      />
      <TextField
        label={es.onboarding.alias}
        name="alias"
        defaultValue={credential.alias}
        autoComplete="off"
        error={form.errors.alias}
      />
    </FormModal>
  );
}

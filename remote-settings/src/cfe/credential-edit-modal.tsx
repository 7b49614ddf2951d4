import {
  type Credential,
  credentialsApi,
  es,
  FormModal,
  PasswordField,
  queryClient,
  queryKeys,
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
}: {
  credential: Credential;
  onClose: () => void;
}) {
  const form = useFormErrors();
  const update = useMutation({
    mutationFn: (body: Parameters<typeof credentialsApi.update>[1]) =>
      credentialsApi.update(credential.credential_id, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.credentials });
      toast.success(text.saved);
      onClose();
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
      title={text.editTitle(credential.alias || credential.cfe_user)}
      onClose={onClose}
      onSubmit={submit}
      message={form.message}
      submitLabel={es.common.save}
      submitting={update.isPending}
    >
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

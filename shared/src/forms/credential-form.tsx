import { Alert, Button, PasswordField, queryClient, Row, Stack, TextField } from '@luz/shared/core';
import { es } from '@luz/shared/text';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { credentialsApi } from '../api/credentials';
import { type Credential, zCredentialCreate } from '../contract';
import { familyKey, operationKey } from '../query';
import { useFormErrors } from './use-form-errors';

/** Links a CFE portal account (onboarding and settings). The user's has_credentials follows. */
export function CredentialForm({
  onCreated,
  extraActions,
}: {
  onCreated: (credential: Credential) => void;
  extraActions?: ReactNode;
}) {
  const form = useFormErrors();
  const create = useMutation({
    mutationFn: credentialsApi.create,
    onSuccess: async (credential) => {
      await queryClient.invalidateQueries({ queryKey: familyKey('credentials') });
      await queryClient.invalidateQueries({ queryKey: operationKey('getMe') });
      onCreated(credential);
    },
    onError: form.fromServer,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    form.check(
      zCredentialCreate,
      {
        alias: data.get('alias') ?? '',
        cfe_user: data.get('cfe_user') ?? '',
        password: data.get('password') ?? '',
      },
      (data) => create.mutate(data),
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {form.message ? <Alert tone="danger">{form.message}</Alert> : null}
        <TextField
          label={es.onboarding.cfeUser}
          name="cfe_user"
          autoComplete="off"
          error={form.errors.cfe_user}
        />
        <PasswordField
          label={es.onboarding.cfePassword}
          name="password"
          autoComplete="off"
          error={form.errors.password}
          hint={es.onboarding.secureNote}
        />
        <TextField label={es.onboarding.alias} name="alias" autoComplete="off" error={form.errors.alias} />
        <Row $justify="flex-end">
          {extraActions}
          <Button type="submit" loading={create.isPending}>
            {create.isPending ? es.onboarding.submitting : es.onboarding.submit}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}

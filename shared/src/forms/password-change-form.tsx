import { Alert, Button, PasswordField, Row, Stack } from '@luz/shared/core';
import { es } from '@luz/shared/text';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { replacingToken } from '../api/client';
import { usersApi } from '../api/users';
import { zUpdatePassword } from '../contract';
import { passwordConfirmation, useFormErrors } from './use-form-errors';

/**
 * Change of one's own password. The API revokes every older token and answers a fresh one,
 * which replaces the stored token so this session continues.
 */
export function PasswordChangeForm({
  onChanged,
  extraActions,
}: {
  onChanged: () => void;
  extraActions?: ReactNode;
}) {
  const form = useFormErrors();
  const change = useMutation({
    // The new token is stored as the answer arrives, before anything else runs.
    mutationFn: (body: Parameters<typeof usersApi.updatePassword>[0]) =>
      replacingToken(() => usersApi.updatePassword(body)),
    onSuccess: () => onChanged(),
    onError: form.fromServer,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const data = new FormData(element);
    form.check(
      zUpdatePassword,
      { current_password: data.get('current_password') ?? '', new_password: data.get('new_password') ?? '' },
      (body) => change.mutate(body, { onSuccess: () => element.reset() }),
      passwordConfirmation(data, 'new_password'),
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {form.message ? <Alert tone="danger">{form.message}</Alert> : null}
        <PasswordField
          label={es.auth.currentPassword}
          name="current_password"
          autoComplete="current-password"
          error={form.errors.current_password}
        />
        <PasswordField
          label={es.auth.newPassword}
          name="new_password"
          autoComplete="new-password"
          error={form.errors.new_password}
        />
        <PasswordField
          label={es.auth.confirmPassword}
          name="confirm_password"
          autoComplete="new-password"
          error={form.errors.confirm_password}
        />
        <Row $justify="flex-end">
          {extraActions}
          <Button type="submit" loading={change.isPending}>
            {es.common.save}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}

import { useMutation } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { usersApi } from '../api/users';
import { zUpdatePassword } from '../contract';
import { setAccessToken } from '../session';
import { es } from '../text/es';
import { Alert, Button, PasswordField, Row, Stack } from '../ui';
import { formErrors } from '../validation';
import { useFormErrors } from './use-form-errors';

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
    mutationFn: usersApi.updatePassword,
    onSuccess: (token) => {
      setAccessToken(token.access_token);
      onChanged();
    },
    onError: form.fromServer,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const data = new FormData(element);
    const parsed = zUpdatePassword.safeParse({
      current_password: data.get('current_password') ?? '',
      new_password: data.get('new_password') ?? '',
    });
    const next = parsed.success ? {} : formErrors(parsed.error);
    if (data.get('new_password') !== data.get('confirm_password'))
      next.confirm_password = es.validation.passwordsDiffer;
    form.setErrors(next);
    if (parsed.success && Object.keys(next).length === 0)
      change.mutate(parsed.data, { onSuccess: () => element.reset() });
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

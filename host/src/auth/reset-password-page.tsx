import {
  Alert,
  authApi,
  Button,
  es,
  PasswordField,
  passwordConfirmation,
  useFormErrors,
  zPassword,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { AuthLayout, AuthLinks } from './auth-layout';

const zResetForm = z.object({ new_password: zPassword });

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const form = useFormErrors();
  const reset = useMutation({ mutationFn: authApi.resetPassword, onError: form.fromServer });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token) return;
    const data = new FormData(event.currentTarget);
    form.check(
      zResetForm,
      { new_password: data.get('new_password') ?? '' },
      ({ new_password }) => reset.mutate({ token, new_password }),
      passwordConfirmation(data, 'new_password'),
    );
  };

  return (
    <AuthLayout title={es.auth.resetTitle}>
      {!token ? <Alert tone="danger">{es.auth.resetMissingToken}</Alert> : null}
      {reset.isSuccess ? <Alert tone="success">{es.auth.resetDone}</Alert> : null}
      {token && !reset.isSuccess ? (
        <form onSubmit={submit} noValidate>
          {form.message ? <Alert tone="danger">{form.message}</Alert> : null}
          <PasswordField
            label={es.auth.newPassword}
            name="new_password"
            autoComplete="new-password"
            error={form.errors.new_password}
            autoFocus
          />
          <PasswordField
            label={es.auth.confirmPassword}
            name="confirm_password"
            autoComplete="new-password"
            error={form.errors.confirm_password}
          />
          <Button type="submit" loading={reset.isPending}>
            {es.auth.resetSubmit}
          </Button>
        </form>
      ) : null}
      <AuthLinks>
        {/* Without a link, or with one the server refused (spent, expired), the way out is a new link. */}
        {!token || reset.isError ? (
          <Link to="/recover-password">{es.auth.requestNewLink}</Link>
        ) : (
          <Link to="/login">{reset.isSuccess ? es.auth.login : es.auth.backToLogin}</Link>
        )}
      </AuthLinks>
    </AuthLayout>
  );
}

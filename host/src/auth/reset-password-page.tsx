import { Alert, authApi, Button, errorMessage, es, formErrors, PasswordField, zPassword } from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { AuthLayout, AuthLinks } from './auth-layout';

const zResetForm = z.object({ new_password: zPassword });

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reset = useMutation({ mutationFn: authApi.resetPassword });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token) return;
    const data = new FormData(event.currentTarget);
    const parsed = zResetForm.safeParse({ new_password: data.get('new_password') });
    const next = parsed.success ? {} : formErrors(parsed.error);
    if (data.get('new_password') !== data.get('confirm_password'))
      next.confirm_password = es.validation.passwordsDiffer;
    setErrors(next);
    if (parsed.success && Object.keys(next).length === 0)
      reset.mutate({ token, new_password: parsed.data.new_password });
  };

  return (
    <AuthLayout title={es.auth.resetTitle}>
      {!token ? <Alert tone="danger">{es.auth.resetMissingToken}</Alert> : null}
      {reset.isSuccess ? <Alert tone="success">{es.auth.resetDone}</Alert> : null}
      {token && !reset.isSuccess ? (
        <form onSubmit={submit} noValidate>
          {reset.isError ? <Alert tone="danger">{errorMessage(reset.error)}</Alert> : null}
          <PasswordField
            label={es.auth.newPassword}
            name="new_password"
            autoComplete="new-password"
            error={errors.new_password}
            autoFocus
          />
          <PasswordField
            label={es.auth.confirmPassword}
            name="confirm_password"
            autoComplete="new-password"
            error={errors.confirm_password}
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

import { Alert, authApi, Button, errorMessage, es, formErrors, TextField, zEmail } from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { AuthLayout, AuthLinks } from './auth-layout';

const zRecoverForm = z.object({ email: zEmail });

export function RecoverPasswordPage() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const recover = useMutation({ mutationFn: authApi.recoverPassword });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = zRecoverForm.safeParse({ email: new FormData(event.currentTarget).get('email') });
    if (!parsed.success) {
      setErrors(formErrors(parsed.error));
      return;
    }
    setErrors({});
    recover.mutate(parsed.data.email);
  };

  return (
    <AuthLayout title={es.auth.recoverTitle} subtitle={es.auth.recoverSubtitle}>
      {recover.isSuccess ? (
        <Alert tone="success">{es.auth.recoverSent}</Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          {recover.isError ? <Alert tone="danger">{errorMessage(recover.error)}</Alert> : null}
          <TextField
            label={es.auth.email}
            name="email"
            type="email"
            autoComplete="email"
            error={errors.email}
            autoFocus
          />
          <Button type="submit" loading={recover.isPending}>
            {es.auth.recoverSend}
          </Button>
        </form>
      )}
      <AuthLinks>
        <Link to="/login">{es.auth.backToLogin}</Link>
      </AuthLinks>
    </AuthLayout>
  );
}

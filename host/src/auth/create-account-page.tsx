import {
  Alert,
  authApi,
  Button,
  es,
  PasswordField,
  passwordConfirmation,
  TextField,
  useFormErrors,
  usersApi,
  zUserRegister,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AuthLayout, AuthLinks } from './auth-layout';
import { useSessionActions } from './use-session-actions';

export function CreateAccountPage() {
  const { startSession } = useSessionActions();
  const form = useFormErrors();
  const signup = useMutation({
    mutationFn: async (account: {
      email: string;
      password: string;
      full_name: string;
      company_name: string;
    }) => {
      await usersApi.signup(account);
      return authApi.login({ username: account.email, password: account.password });
    },
    onSuccess: (token) => startSession(token.access_token),
    onError: form.fromServer,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    form.check(
      zUserRegister,
      {
        full_name: data.get('full_name') ?? '',
        company_name: data.get('company_name') ?? '',
        email: data.get('email') ?? '',
        password: data.get('password') ?? '',
      },
      (body) => signup.mutate(body),
      passwordConfirmation(data, 'password'),
    );
  };

  return (
    <AuthLayout title={es.auth.createAccountTitle} subtitle={es.auth.createAccountSubtitle}>
      <form onSubmit={submit} noValidate>
        {form.message ? <Alert tone="danger">{form.message}</Alert> : null}
        <TextField
          label={es.auth.fullName}
          name="full_name"
          autoComplete="name"
          error={form.errors.full_name}
          autoFocus
        />
        <TextField
          label={es.auth.companyName}
          name="company_name"
          autoComplete="organization"
          error={form.errors.company_name}
        />
        <TextField
          label={es.auth.email}
          name="email"
          type="email"
          autoComplete="email"
          error={form.errors.email}
        />
        <PasswordField
          label={es.auth.password}
          name="password"
          autoComplete="new-password"
          error={form.errors.password}
        />
        <PasswordField
          label={es.auth.confirmPassword}
          name="confirm_password"
          autoComplete="new-password"
          error={form.errors.confirm_password}
        />
        <Button type="submit" loading={signup.isPending}>
          {signup.isPending ? es.auth.creatingAccount : es.auth.createAccount}
        </Button>
      </form>
      <AuthLinks>
        <span>
          {es.auth.haveAccount} <Link to="/login">{es.auth.login}</Link>
        </span>
      </AuthLinks>
    </AuthLayout>
  );
}

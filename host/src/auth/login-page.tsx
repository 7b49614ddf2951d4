import {
  Alert,
  authApi,
  Button,
  es,
  formErrors,
  loginErrorMessage,
  PasswordField,
  TextField,
  zLoginForm,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { AuthLayout, AuthLinks } from './auth-layout';
import { takeSessionEnded } from './session-ended';
import { useSessionActions } from './use-session-actions';

export function LoginPage() {
  const { startSession } = useSessionActions();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sessionEnded] = useState(takeSessionEnded);
  const login = useMutation({
    mutationFn: authApi.login,
    onSuccess: (token) => startSession(token.access_token),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = zLoginForm.safeParse({ username: data.get('username'), password: data.get('password') });
    if (!parsed.success) {
      setErrors(formErrors(parsed.error));
      return;
    }
    setErrors({});
    login.mutate(parsed.data);
  };

  return (
    <AuthLayout title={es.auth.loginTitle} subtitle={es.auth.loginSubtitle}>
      <form onSubmit={submit} noValidate>
        {login.isError ? <Alert tone="danger">{loginErrorMessage(login.error)}</Alert> : null}
        {sessionEnded && login.isIdle ? <Alert tone="info">{es.errors.sessionExpired}</Alert> : null}
        <TextField
          label={es.auth.email}
          name="username"
          type="email"
          autoComplete="username"
          error={errors.username}
          autoFocus
        />
        <PasswordField
          label={es.auth.password}
          name="password"
          autoComplete="current-password"
          error={errors.password}
        />
        <Button type="submit" loading={login.isPending}>
          {login.isPending ? es.auth.loggingIn : es.auth.login}
        </Button>
      </form>
      <AuthLinks>
        <Link to="/recover-password">{es.auth.forgotPassword}</Link>
        <span>
          {es.auth.noAccount} <Link to="/create-account">{es.auth.createAccount}</Link>
        </span>
      </AuthLinks>
    </AuthLayout>
  );
}

import type { LoginForm } from '@luz/shared';
import { Alert, Button, es, PasswordField, TextField } from '@luz/shared/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { loadedSdk, loadSdk, startLoadingSdk } from '../startup/sdk';
import { AuthLayout, AuthLinks } from './auth-layout';
import { takeSessionEnded } from './session-ended';
import { useSessionActions } from './use-session-actions';

/**
 * The first screen most people see, drawn with the SDK's core alone: the form's check and the
 * request need the rest of the SDK, which starts loading when someone starts filling the form in
 * and is waited for when it is sent (docs/decisions/161).
 */
export function LoginPage() {
  const { startSession } = useSessionActions();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sessionEnded] = useState(takeSessionEnded);
  // Between the form being sent and its check: the SDK may still be on its way.
  const [checking, setChecking] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  const login = useMutation({
    mutationFn: async (form: LoginForm) => (await loadSdk()).authApi.login(form),
    onSuccess: (token) => startSession(token.access_token),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setChecking(true);
    setUnreachable(false);
    loadSdk()
      .then(
        (sdk) => {
          const parsed = sdk.zLoginForm.safeParse({
            username: data.get('username'),
            password: data.get('password'),
          });
          if (!parsed.success) {
            setErrors(sdk.formErrors(parsed.error));
            return;
          }
          setErrors({});
          login.mutate(parsed.data);
        },
        () => setUnreachable(true),
      )
      .finally(() => setChecking(false));
  };

  const pending = checking || login.isPending;
  return (
    <AuthLayout title={es.auth.loginTitle} subtitle={es.auth.loginSubtitle}>
      <form onSubmit={submit} onInput={startLoadingSdk} onPointerDown={startLoadingSdk} noValidate>
        {unreachable ? <Alert tone="danger">{es.errors.network}</Alert> : null}
        {login.isError ? (
          <Alert tone="danger">{loadedSdk()?.loginErrorMessage(login.error) ?? es.errors.unexpected}</Alert>
        ) : null}
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
        <Button type="submit" loading={pending}>
          {pending ? es.auth.loggingIn : es.auth.login}
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

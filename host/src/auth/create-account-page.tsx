import {
  Alert,
  authApi,
  Button,
  errorMessage,
  es,
  fieldErrors,
  formErrors,
  PasswordField,
  TextField,
  usersApi,
  zUserRegister,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { AuthLayout, AuthLinks } from './auth-layout';
import { useSessionActions } from './use-session-actions';

export function CreateAccountPage() {
  const { startSession } = useSessionActions();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const signup = useMutation({
    mutationFn: async (form: {
      email: string;
      password: string;
      full_name: string;
      company_name: string;
    }) => {
      await usersApi.signup(form);
      return authApi.login({ username: form.email, password: form.password });
    },
    onSuccess: (token) => startSession(token.access_token),
    onError: (error) => setErrors(fieldErrors(error)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const form = {
      full_name: String(data.get('full_name') ?? ''),
      company_name: String(data.get('company_name') ?? ''),
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
    };
    const parsed = zUserRegister.safeParse(form);
    const next = parsed.success ? {} : formErrors(parsed.error);
    if (form.password !== data.get('confirm_password')) next.confirm_password = es.validation.passwordsDiffer;
    setErrors(next);
    if (parsed.success && Object.keys(next).length === 0) signup.mutate(parsed.data);
  };

  const serverMessage =
    signup.isError && Object.keys(fieldErrors(signup.error)).length === 0 ? errorMessage(signup.error) : null;

  return (
    <AuthLayout title={es.auth.createAccountTitle} subtitle={es.auth.createAccountSubtitle}>
      <form onSubmit={submit} noValidate>
        {serverMessage ? <Alert tone="danger">{serverMessage}</Alert> : null}
        <TextField
          label={es.auth.fullName}
          name="full_name"
          autoComplete="name"
          error={errors.full_name}
          autoFocus
        />
        <TextField
          label={es.auth.companyName}
          name="company_name"
          autoComplete="organization"
          error={errors.company_name}
        />
        <TextField
          label={es.auth.email}
          name="email"
          type="email"
          autoComplete="email"
          error={errors.email}
        />
        <PasswordField
          label={es.auth.password}
          name="password"
          autoComplete="new-password"
          error={errors.password}
        />
        <PasswordField
          label={es.auth.confirmPassword}
          name="confirm_password"
          autoComplete="new-password"
          error={errors.confirm_password}
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

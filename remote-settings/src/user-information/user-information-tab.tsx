import {
  Alert,
  Button,
  Card,
  es,
  queryClient,
  queryKeys,
  Stack,
  TextField,
  toast,
  useFormErrors,
  useRemoteProps,
  usersApi,
  zUserUpdateMe,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';

export function UserInformationTab() {
  const { user } = useRemoteProps();
  const form = useFormErrors();
  const update = useMutation({
    mutationFn: usersApi.updateMe,
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.currentUser, updated);
      toast.success(es.settings.userInformation.saved);
    },
    onError: form.fromServer,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    form.check(
      zUserUpdateMe,
      {
        full_name: data.get('full_name'),
        email: data.get('email'),
        company_name: data.get('company_name'),
      },
      (data) => update.mutate(data),
    );
  };

  return (
    <Card aria-labelledby="user-information-title">
      <h2 id="user-information-title">{es.settings.userInformation.title}</h2>
      <form onSubmit={submit} noValidate>
        <Stack>
          {form.message ? <Alert tone="danger">{form.message}</Alert> : null}
          <TextField
            label={es.auth.fullName}
            name="full_name"
            defaultValue={user.full_name}
            autoComplete="name"
            error={form.errors.full_name}
          />
          <TextField
            label={es.auth.email}
            name="email"
            type="email"
            defaultValue={user.email}
            autoComplete="email"
            error={form.errors.email}
          />
          <TextField
            label={es.auth.companyName}
            name="company_name"
            defaultValue={user.company_name}
            autoComplete="organization"
            error={form.errors.company_name}
          />
          <div>
            <Button type="submit" loading={update.isPending}>
              {es.common.save}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}

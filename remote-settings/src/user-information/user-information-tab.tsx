import {
  Alert,
  Button,
  Card,
  es,
  operationKey,
  PasswordField,
  ProfileFields,
  profileValues,
  queryClient,
  Stack,
  toast,
  useFormErrors,
  useRemoteProps,
  usersApi,
  zUserUpdateMe,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { settingsText } from '../text';

const text = settingsText.userInformation;

export function UserInformationTab() {
  const { user } = useRemoteProps();
  const form = useFormErrors();
  // The current password is asked only while the e-mail differs from the saved one (the API's rule).
  const [emailChanged, setEmailChanged] = useState(false);
  const update = useMutation({
    mutationFn: usersApi.updateMe,
    onSuccess: (updated) => {
      queryClient.setQueryData(operationKey('getMe'), updated);
      setEmailChanged(false);
      toast.success(text.saved);
    },
    onError: form.fromServer,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = emailChanged
      ? { ...profileValues(data), current_password: data.get('current_password') ?? '' }
      : profileValues(data);
    form.check(zUserUpdateMe, values, (data) => update.mutate(data));
  };

  return (
    <Card aria-labelledby="user-information-title">
      <h2 id="user-information-title">{text.title}</h2>
      <form
        onSubmit={submit}
        noValidate
        onChange={(event) => {
          const field = event.target;
          if (field instanceof HTMLInputElement && field.name === 'email')
            setEmailChanged(field.value.trim().toLowerCase() !== user.email);
        }}
      >
        <Stack>
          {form.message ? <Alert tone="danger">{form.message}</Alert> : null}
          <ProfileFields user={user} errors={form.errors} ownProfile />
          {emailChanged ? (
            <PasswordField
              label={es.auth.currentPassword}
              name="current_password"
              autoComplete="current-password"
              hint={text.currentPasswordHint}
              error={form.errors.current_password}
            />
          ) : null}
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

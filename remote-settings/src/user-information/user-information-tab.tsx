import {
  Alert,
  Button,
  Card,
  es,
  ProfileFields,
  profileValues,
  queryClient,
  queryKeys,
  Stack,
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
    form.check(zUserUpdateMe, profileValues(data), (data) => update.mutate(data));
  };

  return (
    <Card aria-labelledby="user-information-title">
      <h2 id="user-information-title">{es.settings.userInformation.title}</h2>
      <form onSubmit={submit} noValidate>
        <Stack>
          {form.message ? <Alert tone="danger">{form.message}</Alert> : null}
          <ProfileFields user={user} errors={form.errors} ownProfile />
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

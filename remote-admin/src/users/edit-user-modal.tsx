import {
  Checkbox,
  es,
  FormModal,
  familyKey,
  ProfileFields,
  profileValues,
  queryClient,
  toast,
  type UserPublic,
  useFormErrors,
  usersApi,
  zUserUpdate,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { adminText } from '../text';

const text = adminText.users;

export function EditUserModal({ user, onClose }: { user: UserPublic; onClose: () => void }) {
  const form = useFormErrors();
  const update = useMutation({
    mutationFn: (body: Parameters<typeof usersApi.update>[1]) => usersApi.update(user.id, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: familyKey('users') });
      toast.success(text.saved);
      onClose();
    },
    onError: form.fromServer,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    form.check(
      zUserUpdate,
      {
        ...profileValues(data),
        is_superuser: data.get('is_superuser') === 'on',
        is_active: data.get('is_active') === 'on',
      },
      (data) => update.mutate(data),
    );
  };

  return (
    <FormModal
      title={text.editTitle(user.full_name || user.email)}
      onClose={onClose}
      onSubmit={submit}
      message={form.message}
      submitLabel={es.common.save}
      submitting={update.isPending}
    >
      <ProfileFields user={user} errors={form.errors} />
      <Checkbox label={text.isSuperuser} name="is_superuser" defaultChecked={user.is_superuser} />
      <Checkbox label={text.isActive} name="is_active" defaultChecked={user.is_active} />
    </FormModal>
  );
}

import {
  type ApiTokenWithSecret,
  apiTokenLifetimes,
  apiTokenScopes,
  apiTokensApi,
  FormModal,
  familyKey,
  queryClient,
  SelectField,
  TextField,
  toast,
  useFormErrors,
  zApiTokenCreate,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { settingsText } from '../text';

const text = settingsText.apiTokens;

const NEVER = '';

/** Creates a token; the caller shows it once (`onCreated`). */
export function ApiTokenFormModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: ApiTokenWithSecret) => void;
}) {
  const form = useFormErrors();
  const [scope, setScope] = useState<(typeof apiTokenScopes)[number]>('read');
  const create = useMutation({
    mutationFn: apiTokensApi.create,
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: familyKey('api-tokens') });
      toast.success(text.created);
      onCreated(created);
    },
    onError: form.fromServer,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const lifetime = String(data.get('expires_in_days') ?? NEVER);
    form.check(
      zApiTokenCreate,
      {
        name: data.get('name') ?? '',
        scope: data.get('scope'),
        expires_in_days: lifetime === NEVER ? null : Number(lifetime),
      },
      (body) => create.mutate(body),
    );
  };

  return (
    <FormModal
      title={text.addTitle}
      onClose={onClose}
      onSubmit={submit}
      message={form.message}
      submitLabel={text.add}
      submitting={create.isPending}
    >
      <TextField
        label={text.name}
        name="name"
        hint={text.nameHint}
        error={form.errors.name}
        autoComplete="off"
        maxLength={100}
      />
      <SelectField
        label={text.scope}
        name="scope"
        value={scope}
        onChange={(event) => setScope(event.target.value as typeof scope)}
        options={apiTokenScopes.map((value) => ({ value, label: text.scopes[value] }))}
        hint={text.scopeHints[scope]}
        error={form.errors.scope}
      />
      <SelectField
        label={text.lifetime}
        name="expires_in_days"
        defaultValue={String(apiTokenLifetimes[1])}
        options={[
          ...apiTokenLifetimes.map((days) => ({ value: String(days), label: text.lifetimes.days(days) })),
          { value: NEVER, label: text.lifetimes.never },
        ]}
        error={form.errors.expires_in_days}
      />
    </FormModal>
  );
}

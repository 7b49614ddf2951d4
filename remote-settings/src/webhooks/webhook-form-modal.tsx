import {
  Checkbox,
  es,
  FormModal,
  familyKey,
  queryClient,
  TextField,
  toast,
  useFormErrors,
  type Webhook,
  type WebhookWithSecret,
  webhookEventTypes,
  webhooksApi,
  zWebhookCreate,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { settingsText } from '../text';

const text = settingsText.webhooks;

const Fieldset = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  legend { font-size: ${({ theme }) => theme.font.size.sm}; font-weight: 600; margin-bottom: ${({ theme }) => theme.space(2)}; }
`;

const ErrorText = styled.span`
  font-size: ${({ theme }) => theme.font.size.xs};
  color: ${({ theme }) => theme.color.danger};
`;

/** Creates an endpoint (then its secret is shown once) or edits one. */
export function WebhookFormModal({
  webhook,
  onClose,
  onCreated,
}: {
  webhook: Webhook | null;
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const form = useFormErrors();
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof zWebhookCreate.parse>) =>
      webhook ? webhooksApi.update(webhook.webhook_id, body) : webhooksApi.create(body),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: familyKey('webhooks') });
      if (webhook) {
        toast.success(text.saved);
        onClose();
      } else {
        toast.success(text.created);
        onCreated(saved as WebhookWithSecret);
      }
    },
    onError: form.fromServer,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    form.check(
      zWebhookCreate,
      {
        url: data.get('url') ?? '',
        description: data.get('description') ?? '',
        events: data.getAll('events'),
        enabled: data.get('enabled') === 'on',
      },
      (data) => save.mutate(data),
    );
  };

  return (
    <FormModal
      title={webhook ? text.editTitle : text.addTitle}
      onClose={onClose}
      onSubmit={submit}
      message={form.message}
      submitLabel={webhook ? es.common.save : es.common.create}
      submitting={save.isPending}
    >
      <TextField
        label={text.url}
        name="url"
        type="url"
        inputMode="url"
        placeholder="https://"
        defaultValue={webhook?.url}
        hint={text.urlHint}
        error={form.errors.url}
        autoComplete="off"
      />
      <TextField
        label={text.descriptionLabel}
        name="description"
        defaultValue={webhook?.description}
        error={form.errors.description}
        autoComplete="off"
      />
      <Fieldset aria-describedby="webhook-events-hint">
        <legend>{text.events}</legend>
        {webhookEventTypes.map((type) => (
          <Checkbox
            key={type}
            name="events"
            value={type}
            label={text.eventLabels[type]}
            defaultChecked={webhook ? webhook.events.includes(type) : true}
          />
        ))}
        {form.errors.events ? <ErrorText id="webhook-events-hint">{form.errors.events}</ErrorText> : null}
      </Fieldset>
      <Checkbox label={text.enabled} name="enabled" defaultChecked={webhook?.enabled ?? true} />
    </FormModal>
  );
}

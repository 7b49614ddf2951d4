import {
  Checkbox,
  type Credential,
  FormModal,
  formErrors,
  parseMoneyText,
  refreshRpusAndCredentials,
  rpuImportProblems,
  rpusApi,
  SelectField,
  TextField,
  toast,
  useFormErrors,
  zRpuCreate,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { rpusText } from '../text';
import { credentialLabel } from './use-rpu-mutations';

const text = rpusText.create;

/** Adds one service point (spec §7 POST /rpus/), checked here with the contract's schema and again by the API. */
export function CreateRpuModal({ credentials, onClose }: { credentials: Credential[]; onClose: () => void }) {
  const form = useFormErrors();
  const create = useMutation({
    mutationFn: rpusApi.create,
    onSuccess: async () => {
      await refreshRpusAndCredentials();
      toast.success(text.done);
      onClose();
    },
    onError: form.fromServer,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const paymentText = String(data.get('last_payment') ?? '').trim();
    const lastPayment = paymentText === '' ? null : parseMoneyText(paymentText);
    const parsed = zRpuCreate.safeParse({
      service_number: String(data.get('service_number') ?? ''),
      alias: String(data.get('alias') ?? ''),
      credential_id: String(data.get('credential_id') ?? '') || null,
      last_payment: lastPayment,
      holder_name: String(data.get('holder_name') ?? ''),
      with_autofetch: data.get('with_autofetch') === 'on',
      send_email_notifications: data.get('send_email_notifications') === 'on',
    });
    const errors = parsed.success ? {} : formErrors(parsed.error);
    if (paymentText !== '' && lastPayment === null)
      errors.last_payment = rpuImportProblems.lastPaymentInvalid;
    form.setErrors(errors);
    if (parsed.success && Object.keys(errors).length === 0) create.mutate(parsed.data);
  };

  return (
    <FormModal
      title={text.title}
      description={text.description}
      onClose={onClose}
      onSubmit={submit}
      message={form.message}
      submitLabel={text.submit}
      submitting={create.isPending}
    >
      <TextField
        label={text.serviceNumber}
        name="service_number"
        inputMode="numeric"
        autoComplete="off"
        hint={text.serviceNumberHint}
        error={form.errors.service_number}
        autoFocus
      />
      <TextField label={text.alias} name="alias" autoComplete="off" error={form.errors.alias} />
      <TextField
        label={text.holderName}
        name="holder_name"
        autoComplete="off"
        hint={text.holderNameHint}
        error={form.errors.holder_name}
      />
      <SelectField
        // The accounts may arrive after the dialog opened: the only one is then chosen as well.
        key={credentials.map((credential) => credential.credential_id).join()}
        label={text.credential}
        name="credential_id"
        defaultValue={credentials.length === 1 ? credentials[0]?.credential_id : ''}
        placeholder={text.noCredential}
        options={credentials.map((credential) => ({
          value: credential.credential_id,
          label: credentialLabel(credential),
        }))}
        error={form.errors.credential_id}
      />
      <TextField
        label={text.lastPayment}
        name="last_payment"
        inputMode="decimal"
        autoComplete="off"
        hint={text.lastPaymentHint}
        error={form.errors.last_payment}
      />
      <Checkbox label={text.autofetch} name="with_autofetch" />
      <Checkbox label={text.notifications} name="send_email_notifications" />
    </FormModal>
  );
}

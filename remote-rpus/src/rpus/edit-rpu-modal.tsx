import {
  Alert,
  es,
  FormModal,
  type Rpu,
  refreshRpusAndCredentials,
  rpusApi,
  TextField,
  toast,
  useFormErrors,
  zRpuUpdate,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { rpusText } from '../text';

const text = rpusText.edit;

/** "1234.00" → "1234": the total to pay is asked in whole pesos. */
const wholePesos = (money: string | null) => (money ? (money.split('.')[0] ?? '') : '');

/**
 * Holder name, alias and total to pay of one service point (PATCH /rpus/{rpu_id}). A service
 * whose link needs the total (or the holder's name) says so, and saving syncs the service with it.
 */
export function EditRpuModal({ rpu, onClose }: { rpu: Rpu; onClose: () => void }) {
  const form = useFormErrors();
  const needsTotal =
    (rpu.failure_reason === 'needs_total' || rpu.failure_reason === 'needs_holder_name') &&
    rpu.credential_id !== null;
  const save = useMutation({
    mutationFn: async (change: Parameters<typeof rpusApi.update>[1]) => {
      const saved = await rpusApi.update(rpu.rpu_id, change);
      if (needsTotal && saved.credential_id)
        await rpusApi.sync(
          saved.credential_id,
          saved.rpu_id,
          saved.last_payment ? { last_payment: saved.last_payment } : {},
        );
    },
    onSuccess: async () => {
      await refreshRpusAndCredentials();
      toast.success(needsTotal ? text.doneAndSync : text.done);
      onClose();
    },
    onError: form.fromServer,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const total = String(data.get('last_payment') ?? '').trim();
    form.check(
      zRpuUpdate,
      {
        alias: String(data.get('alias') ?? ''),
        holder_name: String(data.get('holder_name') ?? ''),
        last_payment: total === '' ? null : total,
      },
      (change) => save.mutate(change),
    );
  };

  return (
    <FormModal
      title={text.title}
      description={text.description(rpu.service_number)}
      width={480}
      onClose={onClose}
      onSubmit={submit}
      message={form.message}
      submitLabel={needsTotal ? text.saveAndSync : es.common.save}
      submitting={save.isPending}
    >
      {needsTotal && rpu.status_message ? <Alert tone="warning">{rpu.status_message}</Alert> : null}
      <TextField
        label={text.alias}
        name="alias"
        defaultValue={rpu.alias}
        error={form.errors.alias}
        autoFocus={!needsTotal}
      />
      <TextField
        label={text.holderName}
        name="holder_name"
        defaultValue={rpu.holder_name ?? ''}
        autoComplete="off"
        hint={text.holderNameHint}
        error={form.errors.holder_name}
      />
      <TextField
        label={es.attention.totalToPay.label}
        name="last_payment"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={wholePesos(rpu.last_payment)}
        hint={es.attention.totalToPay.hint}
        error={form.errors.last_payment}
        autoFocus={needsTotal}
      />
    </FormModal>
  );
}

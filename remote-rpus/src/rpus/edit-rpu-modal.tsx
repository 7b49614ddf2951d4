import {
  es,
  FormModal,
  type Rpu,
  rpusApi,
  TextField,
  toast,
  useFormErrors,
  zRpuBulkUpdate,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { rpusText } from '../text';
import { refreshRpus } from './use-rpu-mutations';

const text = rpusText.edit;

/** Alias and holder name of one service point (POST /rpus/bulk-update with its id). */
export function EditRpuModal({ rpu, onClose }: { rpu: Rpu; onClose: () => void }) {
  const form = useFormErrors();
  const save = useMutation({
    mutationFn: rpusApi.bulkUpdate,
    onSuccess: async () => {
      await refreshRpus();
      toast.success(text.done);
      onClose();
    },
    onError: form.fromServer,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    form.check(
      zRpuBulkUpdate,
      {
        rpu_ids: [rpu.rpu_id],
        alias: String(data.get('alias') ?? ''),
        holder_name: String(data.get('holder_name') ?? ''),
      },
      (change) => save.mutate(change),
    );
  };

  return (
    <FormModal
      title={text.title}
      description={text.description(rpu.service_number)}
      width={440}
      onClose={onClose}
      onSubmit={submit}
      message={form.message}
      submitLabel={es.common.save}
      submitting={save.isPending}
    >
      <TextField
        label={text.alias}
        name="alias"
        defaultValue={rpu.alias}
        error={form.errors.alias}
        autoFocus
      />
      <TextField
        label={text.holderName}
        name="holder_name"
        defaultValue={rpu.holder_name ?? ''}
        autoComplete="off"
        hint={text.holderNameHint}
        error={form.errors.holder_name}
      />
    </FormModal>
  );
}

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
import { refreshRpus } from './use-rpu-mutations';

const text = es.rpus.editAlias;

/** Renames one service point (POST /rpus/bulk-update with its id). */
export function EditAliasModal({ rpu, onClose }: { rpu: Rpu; onClose: () => void }) {
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
    form.check(
      zRpuBulkUpdate,
      { rpu_ids: [rpu.rpu_id], alias: String(new FormData(event.currentTarget).get('alias') ?? '') },
      (data) => save.mutate(data),
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
    </FormModal>
  );
}

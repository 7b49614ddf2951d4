import {
  type Credential,
  FormModal,
  refreshRpusAndCredentials,
  rpusApi,
  SelectField,
  toast,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { rpusText } from '../text';
import { credentialLabel, toastError } from './use-rpu-mutations';

const text = rpusText.assign;

/** Assigns one CFE account (or none) to the selected service points (POST /rpus/bulk-update). */
export function AssignCredentialModal({
  rpuIds,
  credentials,
  onClose,
}: {
  rpuIds: string[];
  credentials: Credential[];
  onClose: () => void;
}) {
  const [credentialId, setCredentialId] = useState(credentials[0]?.credential_id ?? '');
  const assign = useMutation({
    mutationFn: () => rpusApi.bulkUpdate({ rpu_ids: rpuIds, credential_id: credentialId || null }),
    onSuccess: async ({ affected }) => {
      await refreshRpusAndCredentials();
      toast.success(rpusText.bulk.done(affected));
      onClose();
    },
    onError: toastError,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    assign.mutate();
  };

  return (
    <FormModal
      title={text.title}
      description={text.description(rpuIds.length)}
      width={480}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={text.submit}
      submitting={assign.isPending}
    >
      <SelectField
        label={text.credential}
        value={credentialId}
        onChange={(event) => setCredentialId(event.target.value)}
        options={[
          ...credentials.map((credential) => ({
            value: credential.credential_id,
            label: credentialLabel(credential),
          })),
          { value: '', label: text.none },
        ]}
      />
    </FormModal>
  );
}

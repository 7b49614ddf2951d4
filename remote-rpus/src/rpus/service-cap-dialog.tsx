import { ConfirmDialog, es, refreshRpusAndCredentials } from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type OverCap, reportSync, type SyncOutcome, syncRpus } from './sync-rpus';
import { toastError } from './use-rpu-mutations';

const text = es.attention.serviceCap;

/**
 * CFE reportedly blocks accounts with more than 10 services: a sync the API would not start
 * without confirming the service cap asks here, saying why, and starts only if the user confirms.
 * `confirmOverCap` takes what a sync left in `overCap`; render `dialog`.
 */
export function useServiceCapConfirmation() {
  const [pending, setPending] = useState<OverCap[]>([]);
  const confirm = useMutation({
    mutationFn: async (overCap: OverCap[]) => {
      const rpus = overCap.flatMap(({ credentialId, rpuIds }) =>
        rpuIds.map((rpuId) => ({ rpu_id: rpuId, credential_id: credentialId })),
      );
      return syncRpus(rpus, { exceedServiceCap: true });
    },
    onSuccess: async (outcome: SyncOutcome) => {
      setPending([]);
      reportSync(outcome);
      await refreshRpusAndCredentials();
    },
    onError: toastError,
  });
  const [first] = pending;
  const dialog = (
    <ConfirmDialog
      open={first !== undefined}
      onOpenChange={(open) => {
        if (!open) setPending([]);
      }}
      title={text.title}
      description={
        <>
          {pending.map((overCap) => (
            <span key={overCap.credentialId}>{overCap.message} </span>
          ))}
          {text.risk}
        </>
      }
      confirmLabel={text.confirm}
      dismissLabel={text.dismiss}
      loading={confirm.isPending}
      onConfirm={() => confirm.mutate(pending)}
    />
  );
  return { confirmOverCap: (overCap: OverCap[]) => setPending(overCap), dialog };
}

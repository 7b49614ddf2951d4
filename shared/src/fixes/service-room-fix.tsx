import { Button, toast } from '@luz/shared/core';
import { es } from '@luz/shared/text';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { rpusApi } from '../api/rpus';
import { errorMessage } from '../errors';
import { ConfirmDialog } from '../ui';
import { refreshRpusAndCredentials } from './account-sync';

const text = es.attention;

/**
 * The fixes of a CFE account without room for one more service: past Luz's cap, the user may
 * confirm going beyond it (the risk said first); refused by CFE itself, what to do in Mi Espacio,
 * then a retry. Both explain in a dialog before anything starts.
 */
export function ServiceRoomFix({
  kind,
  credentialId,
  rpuId,
  name,
}: {
  kind: 'service_cap' | 'service_limit';
  credentialId: string;
  rpuId: string;
  /** Who it is, for the button's accessible name. */
  name: string;
}) {
  const [open, setOpen] = useState(false);
  const beyondCap = kind === 'service_cap';
  const dialog = beyondCap ? text.serviceCap : text.serviceLimit;
  const visible = beyondCap ? text.actions.exceedCap : text.actions.makeRoom;
  const sync = useMutation({
    mutationFn: () => rpusApi.sync(credentialId, rpuId, { exceed_service_cap: beyondCap }),
    onSuccess: async () => {
      setOpen(false);
      toast.success(text.done.syncStarted);
      await refreshRpusAndCredentials();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <>
      <Button size="sm" variant="secondary" aria-label={`${visible} · ${name}`} onClick={() => setOpen(true)}>
        {visible}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={dialog.title}
        description={beyondCap ? text.serviceCap.risk : text.serviceLimit.description}
        confirmLabel={dialog.confirm}
        dismissLabel={dialog.dismiss}
        tone={beyondCap ? 'danger' : 'primary'}
        loading={sync.isPending}
        onConfirm={() => sync.mutate()}
      />
    </>
  );
}

import {
  Button,
  ConfirmDialog,
  es,
  type Rpu,
  refreshRpusAndCredentials,
  rpusApi,
  saveDownloadedFile,
  TotalToPayModal,
  toast,
  toIsoDate,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { rpusText } from '../text';
import { useServiceCapConfirmation } from './service-cap-dialog';
import { reportSync, syncPaymentHistories, syncRpus } from './sync-rpus';
import { toastError } from './use-rpu-mutations';

const text = rpusText.bulk;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => `${theme.color.primary}14`};
  strong { margin-right: ${({ theme }) => theme.space(2)}; }
`;

/**
 * The actions on the selected service points (spec: sync, autofetch on/off, e-mail notifications
 * on/off, assign credential, delete with confirmation, export CSV).
 */
export function BulkActions({
  selected,
  onAssign,
  onClear,
}: {
  /** The selected service points as last seen (a selection may span pages). */
  selected: Rpu[];
  onAssign: () => void;
  onClear: () => void;
}) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { confirmOverCap, dialog: serviceCapDialog } = useServiceCapConfirmation();
  // One service whose link needs the total to pay: "Sincronizar" asks for it.
  const [askingTotal, setAskingTotal] = useState(false);
  const [single] = selected;
  const needsTotal =
    selected.length === 1 && single?.failure_reason === 'needs_total' && single.credential_id !== null;
  const ids = selected.map((rpu) => rpu.rpu_id);
  const body = { rpu_ids: ids };
  const done = async ({ affected }: { affected: number }) => {
    await refreshRpusAndCredentials();
    toast.success(text.done(affected));
  };

  const autofetch = useMutation({
    mutationFn: (enabled: boolean) => rpusApi.setAutofetch(body, enabled),
    onSuccess: done,
    onError: toastError,
  });
  const notifications = useMutation({
    mutationFn: (enabled: boolean) =>
      rpusApi.setEmailNotifications({ ...body, send_email_notifications: enabled }),
    onSuccess: done,
    onError: toastError,
  });
  const remove = useMutation({
    mutationFn: () => rpusApi.remove(body),
    onSuccess: async ({ affected }) => {
      setConfirmDelete(false);
      onClear();
      await refreshRpusAndCredentials();
      toast.success(rpusText.delete.done(affected));
    },
    onError: toastError,
  });
  const sync = useMutation({
    mutationFn: () => syncRpus(selected),
    onSuccess: async (outcome) => {
      reportSync(outcome);
      confirmOverCap(outcome.overCap);
      await refreshRpusAndCredentials();
    },
    onError: toastError,
  });
  const payments = useMutation({
    mutationFn: () => syncPaymentHistories(selected),
    onSuccess: (outcome) => reportSync(outcome, text.paymentsStarted),
    onError: toastError,
  });
  const exportCsv = useMutation({
    mutationFn: () => rpusApi.csv({}, ids),
    onSuccess: (file) => {
      saveDownloadedFile(file, rpusText.csv.fileName(toIsoDate(new Date())));
      toast.success(rpusText.csv.done);
    },
    onError: toastError,
  });
  const busy =
    autofetch.isPending ||
    notifications.isPending ||
    remove.isPending ||
    sync.isPending ||
    payments.isPending;

  return (
    <Bar role="toolbar" aria-label={text.label}>
      <strong>{es.common.selected(selected.length)}</strong>
      <Button
        size="sm"
        onClick={() => (needsTotal ? setAskingTotal(true) : sync.mutate())}
        loading={sync.isPending}
        disabled={busy}
      >
        {text.sync}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => payments.mutate()}
        loading={payments.isPending}
        disabled={busy}
      >
        {text.syncPayments}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => autofetch.mutate(true)} disabled={busy}>
        {text.autofetchOn}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => autofetch.mutate(false)} disabled={busy}>
        {text.autofetchOff}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => notifications.mutate(true)} disabled={busy}>
        {text.notificationsOn}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => notifications.mutate(false)} disabled={busy}>
        {text.notificationsOff}
      </Button>
      <Button size="sm" variant="secondary" onClick={onAssign} disabled={busy}>
        {text.assignCredential}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => exportCsv.mutate()} loading={exportCsv.isPending}>
        {text.exportCsv}
      </Button>
      <Button size="sm" variant="danger" onClick={() => setConfirmDelete(true)} disabled={busy}>
        {text.delete}
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear}>
        {text.clearSelection}
      </Button>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={rpusText.delete.title(selected.length)}
        description={rpusText.delete.description}
        confirmLabel={rpusText.delete.confirm}
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
      {serviceCapDialog}
      {askingTotal && single?.credential_id ? (
        <TotalToPayModal
          target={{
            rpuId: single.rpu_id,
            credentialId: single.credential_id,
            serviceNumber: single.service_number,
            alias: single.alias || null,
            lastPayment: single.last_payment,
          }}
          onClose={() => setAskingTotal(false)}
        />
      ) : null}
    </Bar>
  );
}

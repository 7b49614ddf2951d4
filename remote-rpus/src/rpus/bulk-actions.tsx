import {
  Button,
  ConfirmDialog,
  credentialsApi,
  es,
  paymentHistoryApi,
  type Rpu,
  rpusApi,
  SyncWorkflow,
  saveDownloadedFile,
  TotalToPayModal,
  toast,
  toIsoDate,
} from '@luz/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { rpusText } from '../text';
import { refreshRpus, toastError } from './use-rpu-mutations';

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

export type SyncOutcome = { started: number; skipped: number; failures: unknown[] };

/**
 * Starts the sync of the service points that have a credential: one service point is linked and
 * synced on its own (workflow 1); several go as one bulk sync per credential (workflow 3, which
 * links first where the portal needs it). Those without credential are skipped: nothing can link
 * them (status 5).
 */
export async function syncRpus(rpus: readonly Rpu[]): Promise<SyncOutcome> {
  const byCredential = new Map<string, string[]>();
  for (const rpu of rpus) {
    if (rpu.credential_id === null) continue;
    byCredential.set(rpu.credential_id, [...(byCredential.get(rpu.credential_id) ?? []), rpu.rpu_id]);
  }
  const outcome: SyncOutcome = { started: 0, skipped: rpus.length, failures: [] };
  for (const [credentialId, rpuIds] of byCredential) {
    try {
      if (rpuIds.length === 1) await rpusApi.sync(credentialId, rpuIds[0] as string);
      else await credentialsApi.sync(credentialId, { workflow: SyncWorkflow.bulkSync, rpu_ids: rpuIds });
      outcome.started += rpuIds.length;
    } catch (error) {
      outcome.failures.push(error);
    }
    outcome.skipped -= rpuIds.length;
  }
  return outcome;
}

/**
 * The payment histories of the selected service points (workflow 5, one task each): what the
 * onboarding promises, for many services at once. Those without credential are skipped.
 */
export async function syncPaymentHistories(rpus: readonly Rpu[]): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { started: 0, skipped: 0, failures: [] };
  for (const rpu of rpus) {
    if (rpu.credential_id === null) {
      outcome.skipped += 1;
      continue;
    }
    try {
      await paymentHistoryApi.sync(rpu.rpu_id);
      outcome.started += 1;
    } catch (error) {
      outcome.failures.push(error);
    }
  }
  return outcome;
}

export function reportSync(
  { started, skipped, failures }: SyncOutcome,
  startedText: (count: number) => string = text.syncStarted,
) {
  if (started > 0) toast.success(startedText(started));
  if (skipped > 0) toast.warning(text.syncSkipped(skipped));
  for (const failure of failures) toastError(failure);
}

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
  // One service whose link needs the total to pay: "Sincronizar" asks for it.
  const [askingTotal, setAskingTotal] = useState(false);
  const [single] = selected;
  const needsTotal =
    selected.length === 1 && single?.failure_reason === 'needs_total' && single.credential_id !== null;
  const ids = selected.map((rpu) => rpu.rpu_id);
  const body = { rpu_ids: ids };
  const done = async ({ affected }: { affected: number }) => {
    await refreshRpus();
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
      await refreshRpus();
      toast.success(rpusText.delete.done(affected));
    },
    onError: toastError,
  });
  const sync = useMutation({
    mutationFn: () => syncRpus(selected),
    onSuccess: async (outcome) => {
      reportSync(outcome);
      await refreshRpus();
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

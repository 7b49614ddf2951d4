import {
  Badge,
  Button,
  credentialStatusLabel,
  es,
  FactList,
  formatDateTime,
  formatMoney,
  Modal,
  ModalActions,
  operationQuery,
  PageSpinner,
  QueryErrorAlert,
  rpuStatusLabel,
  rpuStatusTone,
  taskStatusLabel,
  taskTypeLabel,
} from '@luz/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { adminText } from '../text';

const text = adminText.rpus;

/** The complete view of one RPU (GET /rpus/admin/{rpu_id}/complete). */
export function RpuCompleteModal({
  rpuId,
  serviceNumber,
  onClose,
}: {
  rpuId: string;
  serviceNumber: string;
  onClose: () => void;
}) {
  const complete = useQuery({
    ...operationQuery('getRpuComplete', { params: { rpu_id: rpuId } }),
  });
  const rpu = complete.data;
  const facts: [string, ReactNode][] = rpu
    ? [
        [text.columns.alias, rpu.alias || '—'],
        [
          text.columns.status,
          <Badge key="status" $tone={rpuStatusTone(rpu.rpu_status)}>
            {rpuStatusLabel(rpu.rpu_status)}
          </Badge>,
        ],
        [text.complete.statusMessage, rpu.status_message ?? '—'],
        [text.complete.owner, `${rpu.user.full_name} <${rpu.user.email}>`],
        [text.complete.company, rpu.user.company_name || '—'],
        [
          text.complete.credential,
          rpu.credential
            ? `${rpu.credential.alias || rpu.credential.cfe_user} (${credentialStatusLabel(rpu.credential.status)})`
            : text.complete.noCredential,
        ],
        [text.complete.tariff, rpu.tariff ?? '—'],
        [text.complete.holder, rpu.holder_name ?? '—'],
        [text.complete.lastPayment, rpu.last_payment ? formatMoney(rpu.last_payment) : '—'],
        [
          text.complete.lastSynced,
          rpu.last_synced_at ? formatDateTime(rpu.last_synced_at) : text.complete.never,
        ],
        [text.complete.periods, rpu.periods_count],
        [
          text.complete.lastTask,
          rpu.last_task
            ? `${taskTypeLabel(rpu.last_task.type)} · ${taskStatusLabel(rpu.last_task.status)} · ${formatDateTime(rpu.last_task.created_at)}${rpu.last_task.message ? ` · ${rpu.last_task.message}` : ''}`
            : text.complete.noTask,
        ],
        [
          text.columns.flags,
          [
            rpu.with_autofetch ? text.flags.withAutofetch : null,
            rpu.send_email_notifications ? text.flags.sendEmailNotifications : null,
            rpu.has_uns ? text.flags.hasUns : null,
            rpu.duplicated ? text.flags.duplicated : null,
            rpu.deleted ? text.flags.deleted : null,
          ]
            .filter(Boolean)
            .join(', ') || '—',
        ],
        [text.complete.createdAt, formatDateTime(rpu.created_at)],
      ]
    : [];

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={text.completeTitle(serviceNumber)}
      width={640}
    >
      {complete.isPending ? <PageSpinner /> : null}
      {complete.isError ? (
        <QueryErrorAlert error={complete.error} onRetry={() => void complete.refetch()} />
      ) : null}
      {rpu ? <FactList facts={facts} /> : null}
      <ModalActions>
        <Button onClick={onClose}>{es.common.close}</Button>
      </ModalActions>
    </Modal>
  );
}

import {
  awaitingRows,
  Badge,
  type BadgeTone,
  Button,
  type Column,
  DataTable,
  es,
  formatDateTime,
  Modal,
  ModalActions,
  operationQuery,
  Pagination,
  pageSizePreference,
  QueryErrorAlert,
  Stack,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@luz/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { settingsText } from '../text';

const text = settingsText.webhooks;

const statusTone: Record<WebhookDeliveryStatus, BadgeTone> = {
  pending: 'warning',
  sending: 'info',
  delivered: 'success',
  failed: 'danger',
};

const columns: Column<WebhookDelivery>[] = [
  { key: 'created', header: text.deliveryColumns.createdAt, render: (row) => formatDateTime(row.created_at) },
  { key: 'event', header: text.deliveryColumns.event, render: (row) => text.eventLabels[row.event_type] },
  {
    key: 'status',
    header: text.deliveryColumns.status,
    render: (row) => <Badge $tone={statusTone[row.status]}>{text.deliveryStatus[row.status]}</Badge>,
  },
  {
    key: 'code',
    header: text.deliveryColumns.statusCode,
    align: 'right',
    render: (row) => row.last_status_code ?? '—',
  },
  {
    key: 'duration',
    header: text.deliveryColumns.duration,
    align: 'right',
    render: (row) => (row.last_duration_ms === null ? '—' : text.durationMs(row.last_duration_ms)),
  },
  { key: 'attempts', header: text.deliveryColumns.attempts, align: 'right', render: (row) => row.attempts },
  {
    key: 'detail',
    header: text.deliveryColumns.detail,
    render: (row) =>
      [row.last_error, row.next_attempt_at ? text.nextAttempt(formatDateTime(row.next_attempt_at)) : null]
        .filter(Boolean)
        .join(' ') || '—',
  },
];

/** The endpoint's recent deliveries, newest first, refreshed while some are still under way. */
export function DeliveriesModal({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(pageSizePreference.get);
  const params = { page, page_size: pageSize };
  const deliveries = useQuery({
    ...operationQuery('listWebhookDeliveries', { params: { webhook_id: webhook.webhook_id }, query: params }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((row) => row.status === 'pending' || row.status === 'sending')
        ? 3_000
        : false,
  });

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={text.deliveriesTitle(webhook.url)}
      width={960}
    >
      <Stack>
        {deliveries.isError ? (
          <QueryErrorAlert error={deliveries.error} onRetry={() => void deliveries.refetch()} />
        ) : null}
        <DataTable
          caption={text.deliveriesCaption}
          columns={columns}
          rows={deliveries.data?.data ?? []}
          failed={deliveries.isError}
          getRowId={(row) => row.delivery_id}
          loading={awaitingRows(deliveries)}
          empty={text.deliveriesEmpty}
        />
        <Pagination
          page={page}
          pageSize={pageSize}
          count={deliveries.data?.count ?? 0}
          countCapped={deliveries.data?.count_capped}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      </Stack>
      <ModalActions>
        <Button onClick={onClose}>{es.common.close}</Button>
      </ModalActions>
    </Modal>
  );
}

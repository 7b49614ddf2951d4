import {
  Badge,
  Button,
  Card,
  type Column,
  ConfirmDialog,
  errorMessage,
  es,
  familyKey,
  operationQuery,
  PagedQueryTable,
  parseSettingsSearch,
  queryClient,
  Row,
  toast,
  useSearchState,
  type Webhook,
  webhooksApi,
} from '@luz/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SecretModal } from '../secret-modal';
import { settingsText } from '../text';
import { DeliveriesModal } from './deliveries-modal';
import { WebhookFormModal } from './webhook-form-modal';

const text = settingsText.webhooks;

function StateBadge({ webhook }: { webhook: Webhook }) {
  if (webhook.enabled) return <Badge $tone="success">{text.states.enabled}</Badge>;
  if (webhook.disabled_reason === 'gone') return <Badge $tone="danger">{text.states.gone}</Badge>;
  return <Badge>{text.states.disabled}</Badge>;
}

type Editing = { webhook: Webhook | null } | null;

/** Settings › Webhooks: the user's endpoints, their test sends and delivery history. */
export function WebhooksTab() {
  const [search, setSearch] = useSearchState(parseSettingsSearch);
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [watching, setWatching] = useState<Webhook | null>(null);
  const params = { page: search.page, page_size: search.pageSize };
  const webhooks = useQuery({
    ...operationQuery('listWebhooks', { query: params }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: familyKey('webhooks') });

  const toggle = useMutation({
    mutationFn: (webhook: Webhook) => webhooksApi.update(webhook.webhook_id, { enabled: !webhook.enabled }),
    onSuccess: (saved) => toast.success(saved.enabled ? text.enabledToast : text.disabledToast),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: refresh,
  });
  const sendTest = useMutation({
    mutationFn: (webhook: Webhook) => webhooksApi.test(webhook.webhook_id),
    onSuccess: (delivery) => {
      if (delivery.status === 'delivered')
        toast.success(text.testDelivered(delivery.last_status_code ?? 0, delivery.last_duration_ms ?? 0));
      else toast.error(text.testFailed(delivery.last_error ?? text.deliveryStatus.failed));
    },
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (webhook: Webhook) => webhooksApi.remove(webhook.webhook_id),
    onSuccess: () => {
      toast.success(text.deleted);
      setDeleting(null);
    },
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: refresh,
  });
  const rotate = useMutation({
    mutationFn: (webhook: Webhook) => webhooksApi.update(webhook.webhook_id, { rotate_secret: true }),
    onSuccess: (saved) => {
      setRotating(null);
      setSecret(saved.secret ?? null);
    },
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: refresh,
  });

  const columns: Column<Webhook>[] = [
    {
      key: 'url',
      header: text.columns.url,
      render: (webhook) => (
        <div>
          <div style={{ wordBreak: 'break-all' }}>{webhook.url}</div>
          {webhook.description ? <small>{webhook.description}</small> : null}
        </div>
      ),
    },
    {
      key: 'events',
      header: text.columns.events,
      render: (webhook) => (
        <Row $gap={1}>
          {webhook.events.map((event) => (
            <Badge key={event} $tone="info">
              {text.eventLabels[event]}
            </Badge>
          ))}
        </Row>
      ),
    },
    { key: 'state', header: text.columns.state, render: (webhook) => <StateBadge webhook={webhook} /> },
    {
      key: 'actions',
      header: es.common.actions,
      align: 'right',
      render: (webhook) => (
        <Row $justify="flex-end" $gap={1}>
          <Button
            size="sm"
            onClick={() => sendTest.mutate(webhook)}
            loading={sendTest.isPending && sendTest.variables?.webhook_id === webhook.webhook_id}
          >
            {text.test}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setWatching(webhook)}>
            {text.deliveries}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setEditing({ webhook })}>
            {es.common.edit}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => toggle.mutate(webhook)}
            disabled={toggle.isPending && toggle.variables?.webhook_id === webhook.webhook_id}
          >
            {webhook.enabled ? text.disable : text.enable}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setRotating(webhook)}>
            {text.rotate}
          </Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(webhook)}>
            {es.common.delete}
          </Button>
        </Row>
      ),
    },
  ];

  return (
    <Card aria-labelledby="webhooks-title">
      <Row $justify="space-between">
        <h2 id="webhooks-title">{text.title}</h2>
        <Button onClick={() => setEditing({ webhook: null })}>{text.add}</Button>
      </Row>
      <p>{text.description}</p>
      <PagedQueryTable
        query={webhooks}
        search={search}
        setSearch={setSearch}
        caption={text.caption}
        columns={columns}
        getRowId={(webhook) => webhook.webhook_id}
        empty={text.empty}
      />
      {editing ? (
        <WebhookFormModal
          webhook={editing.webhook}
          onClose={() => setEditing(null)}
          onCreated={(created) => {
            setEditing(null);
            setSecret(created.secret);
          }}
        />
      ) : null}
      {secret ? (
        <SecretModal
          secret={secret}
          title={text.secretTitle}
          warning={text.secretShownOnce}
          testId="webhook-secret"
          onClose={() => setSecret(null)}
        />
      ) : null}
      {watching ? <DeliveriesModal webhook={watching} onClose={() => setWatching(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={text.deleteTitle}
        description={deleting ? text.deleteDescription(deleting.url) : ''}
        confirmLabel={es.common.delete}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
      <ConfirmDialog
        open={rotating !== null}
        onOpenChange={(open) => !open && setRotating(null)}
        title={text.rotateTitle}
        description={text.rotateDescription}
        confirmLabel={text.rotate}
        loading={rotate.isPending}
        onConfirm={() => rotating && rotate.mutate(rotating)}
      />
    </Card>
  );
}

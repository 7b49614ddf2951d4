import {
  Badge,
  Button,
  Card,
  type Column,
  ConfirmDialog,
  type Credential,
  CredentialForm,
  credentialStatusLabel,
  credentialsApi,
  errorMessage,
  es,
  familyKey,
  formatDateTime,
  Modal,
  operationKey,
  operationQuery,
  PagedQueryTable,
  parseSettingsSearch,
  queryClient,
  Row,
  startAccountImport,
  toast,
  useSearchState,
} from '@luz/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { settingsText } from '../text';
import { CredentialEditModal } from './credential-edit-modal';

const text = settingsText.cfe;

const statusTone = (status: number) => (status === 1 ? 'success' : status === 4 ? 'danger' : 'neutral');

/** Settings › CFE: the user's portal accounts (add, edit, delete, sync now, status). */
export function CfeTab() {
  const [search, setSearch] = useSearchState(parseSettingsSearch);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Credential | null>(null);
  // ?credentialId=… opens that account's password change ("Actualizar contraseña" elsewhere).
  const fixing = useQuery({
    ...operationQuery('getCredential', { params: { credential_id: search.credentialId ?? '' } }),
    enabled: search.credentialId !== null,
  });
  const [deleting, setDeleting] = useState<Credential | null>(null);
  const params = { page: search.page, page_size: search.pageSize };
  const credentials = useQuery({
    ...operationQuery('listCredentials', { query: params }),
    placeholderData: keepPreviousData,
  });

  const sync = useMutation({
    mutationFn: (credential: Credential) => credentialsApi.sync(credential.credential_id),
    onSuccess: () => toast.success(text.syncStarted),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: familyKey('credentials') }),
  });
  const connect = useMutation({
    mutationFn: (credential: Credential) => credentialsApi.connect(credential.credential_id),
    onSuccess: (result) => {
      if (result.state === 'connected') toast.success(text.connected);
      // The CAPTCHA itself reaches the sync area through the WebSocket.
      else if (result.state === 'captcha') toast.info(text.connectCaptcha);
      else toast.error(result.message);
    },
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: familyKey('credentials') }),
  });
  const remove = useMutation({
    mutationFn: (credential: Credential) => credentialsApi.remove(credential.credential_id),
    onSuccess: () => {
      toast.success(text.deleted);
      setDeleting(null);
    },
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: familyKey('credentials') });
      await queryClient.invalidateQueries({ queryKey: familyKey('rpus') });
      await queryClient.invalidateQueries({ queryKey: operationKey('getMe') });
    },
  });

  const columns: Column<Credential>[] = [
    { key: 'alias', header: text.columns.alias, render: (credential) => credential.alias || '—' },
    { key: 'user', header: text.columns.cfeUser, render: (credential) => credential.cfe_user },
    {
      key: 'status',
      header: text.columns.status,
      render: (credential) => (
        <Row $gap={1}>
          <Badge $tone={statusTone(credential.status)} title={credential.status_message ?? undefined}>
            {credentialStatusLabel(credential.status)}
          </Badge>
          {credential.captcha_pending ? (
            <Badge $tone="warning" title={text.captchaPendingHint}>
              {text.captchaPending}
            </Badge>
          ) : null}
        </Row>
      ),
    },
    { key: 'rpus', header: text.columns.rpus, align: 'right', render: (credential) => credential.rpus_count },
    {
      key: 'synced',
      header: text.columns.lastSynced,
      render: (credential) =>
        credential.last_synced_at ? formatDateTime(credential.last_synced_at) : text.never,
    },
    {
      key: 'actions',
      header: es.common.actions,
      align: 'right',
      render: (credential) => (
        <Row $justify="flex-end" $gap={1}>
          <Button
            size="sm"
            variant="secondary"
            title={text.connectHint}
            onClick={() => connect.mutate(credential)}
            loading={connect.isPending && connect.variables?.credential_id === credential.credential_id}
          >
            {text.connect}
          </Button>
          <Button
            size="sm"
            onClick={() => sync.mutate(credential)}
            loading={sync.isPending && sync.variables?.credential_id === credential.credential_id}
          >
            {text.sync}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setEditing(credential)}>
            {es.common.edit}
          </Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(credential)}>
            {es.common.delete}
          </Button>
        </Row>
      ),
    },
  ];

  return (
    <Card aria-labelledby="cfe-title">
      <Row $justify="space-between">
        <h2 id="cfe-title">{text.title}</h2>
        <Button onClick={() => setAdding(true)}>{text.add}</Button>
      </Row>
      <p>{text.description}</p>
      <PagedQueryTable
        query={credentials}
        search={search}
        setSearch={setSearch}
        caption={text.caption}
        columns={columns}
        getRowId={(credential) => credential.credential_id}
        empty={text.empty}
      />
      {adding ? (
        <Modal open onOpenChange={(open) => !open && setAdding(false)} title={text.addTitle}>
          <CredentialForm
            onCreated={(credential) => {
              toast.success(text.created);
              setAdding(false);
              void startAccountImport(credential);
            }}
            extraActions={
              <Button variant="secondary" onClick={() => setAdding(false)}>
                {es.common.cancel}
              </Button>
            }
          />
        </Modal>
      ) : null}
      {editing ? <CredentialEditModal credential={editing} onClose={() => setEditing(null)} /> : null}
      {search.credentialId && fixing.data && !editing ? (
        <CredentialEditModal
          credential={fixing.data}
          passwordFirst
          onClose={() => setSearch({ credentialId: null }, { replace: true })}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={text.deleteTitle}
        description={deleting ? text.deleteDescription(deleting.alias || deleting.cfe_user) : ''}
        confirmLabel={es.common.delete}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Card>
  );
}

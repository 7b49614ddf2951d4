import {
  type ApiToken,
  apiTokensApi,
  apiUrl,
  Badge,
  Button,
  ButtonLink,
  Card,
  type Column,
  ConfirmDialog,
  errorMessage,
  es,
  familyKey,
  formatDateTime,
  operationQuery,
  PagedQueryTable,
  parseSettingsSearch,
  queryClient,
  Row,
  toast,
  useSearchState,
} from '@luz/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SecretModal } from '../secret-modal';
import { settingsText } from '../text';
import { ApiTokenFormModal } from './api-token-form-modal';

const text = settingsText.apiTokens;

function Expiry({ token }: { token: ApiToken }) {
  if (!token.expires_at) return <>{text.never}</>;
  if (Date.parse(token.expires_at) <= Date.now()) return <Badge $tone="danger">{text.expired}</Badge>;
  return <>{formatDateTime(token.expires_at)}</>;
}

/** Settings › Tokens de API: the user's tokens for integrations (each shown once, at creation). */
export function ApiTokensTab() {
  const [search, setSearch] = useSearchState(parseSettingsSearch);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const params = { page: search.page, page_size: search.pageSize };
  const tokens = useQuery({
    ...operationQuery('listApiTokens', { query: params }),
    placeholderData: keepPreviousData,
  });
  const revoke = useMutation({
    mutationFn: (token: ApiToken) => apiTokensApi.revoke(token.token_id),
    onSuccess: () => {
      toast.success(text.revoked);
      setRevoking(null);
    },
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: familyKey('api-tokens') }),
  });

  const columns: Column<ApiToken>[] = [
    { key: 'name', header: text.columns.name, render: (token) => token.name },
    {
      key: 'scope',
      header: text.columns.scope,
      render: (token) => (
        <Badge $tone={token.scope === 'full' ? 'warning' : 'info'}>{text.scopes[token.scope]}</Badge>
      ),
    },
    { key: 'hint', header: text.columns.hint, render: (token) => <code>{token.hint}…</code> },
    { key: 'created', header: text.columns.createdAt, render: (token) => formatDateTime(token.created_at) },
    { key: 'expires', header: text.columns.expiresAt, render: (token) => <Expiry token={token} /> },
    {
      key: 'used',
      header: text.columns.lastUsedAt,
      render: (token) => (token.last_used_at ? formatDateTime(token.last_used_at) : text.notUsed),
    },
    {
      key: 'actions',
      header: es.common.actions,
      align: 'right',
      render: (token) => (
        <Button size="sm" variant="danger" onClick={() => setRevoking(token)}>
          {text.revoke}
        </Button>
      ),
    },
  ];

  return (
    <Card aria-labelledby="api-tokens-title">
      <Row $justify="space-between">
        <h2 id="api-tokens-title">{text.title}</h2>
        <Row $gap={1}>
          <ButtonLink href={apiUrl('/docs')} target="_blank" rel="noopener">
            {text.docsLink}
          </ButtonLink>
          <Button onClick={() => setCreating(true)}>{text.add}</Button>
        </Row>
      </Row>
      <p>{text.description}</p>
      <PagedQueryTable
        query={tokens}
        search={search}
        setSearch={setSearch}
        caption={text.caption}
        columns={columns}
        getRowId={(token) => token.token_id}
        empty={text.empty}
      />
      {creating ? (
        <ApiTokenFormModal
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setSecret(created.token);
          }}
        />
      ) : null}
      {secret ? (
        <SecretModal
          secret={secret}
          title={text.secretTitle}
          warning={text.secretShownOnce}
          testId="api-token-secret"
          onClose={() => setSecret(null)}
        />
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={text.revokeTitle}
        description={revoking ? text.revokeDescription(revoking.name) : ''}
        confirmLabel={text.revoke}
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </Card>
  );
}

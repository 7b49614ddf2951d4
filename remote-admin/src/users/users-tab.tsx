import {
  AdminTab,
  Badge,
  Button,
  type Column,
  es,
  formatDate,
  operationQuery,
  PagedQueryTable,
  parseAdminSearch,
  Row,
  subscriptionStatusLabel,
  type UserPublic,
  useSearchState,
} from '@luz/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SearchFilter, tabFilterReset, textSearchFor } from '../filters';
import { adminText } from '../text';
import { EditUserModal } from './edit-user-modal';
import { TemporalPasswordModal } from './temporal-password-modal';

const text = adminText.users;

const textSearch = textSearchFor(
  AdminTab.users,
  { company: 'company_name', email: 'email', username: 'full_name' },
  'email',
);

export function UsersTab() {
  const [search, setSearch] = useSearchState(parseAdminSearch);
  const [editing, setEditing] = useState<UserPublic | null>(null);
  const [resetting, setResetting] = useState<UserPublic | null>(null);
  const params = {
    page: search.page,
    page_size: search.pageSize,
    ...textSearch.params(search),
  };
  const users = useQuery({
    ...operationQuery('listUsers', { query: params }),
    placeholderData: keepPreviousData,
  });

  const columns: Column<UserPublic>[] = [
    { key: 'name', header: text.columns.name, render: (user) => user.full_name || '—' },
    { key: 'email', header: text.columns.email, render: (user) => user.email },
    { key: 'company', header: text.columns.company, render: (user) => user.company_name || '—' },
    {
      key: 'role',
      header: text.columns.role,
      render: (user) => (
        <Badge $tone={user.is_superuser ? 'info' : 'neutral'}>
          {user.is_superuser ? text.superuser : text.regular}
        </Badge>
      ),
    },
    {
      key: 'subscription',
      header: text.columns.subscription,
      render: (user) => subscriptionStatusLabel(user.subscription.status),
    },
    {
      key: 'active',
      header: text.columns.active,
      render: (user) => (
        <Badge $tone={user.is_active ? 'success' : 'danger'}>
          {user.is_active ? text.active : text.inactive}
        </Badge>
      ),
    },
    { key: 'created', header: text.columns.createdAt, render: (user) => formatDate(user.created_at) },
    {
      key: 'actions',
      header: es.common.actions,
      align: 'right',
      render: (user) => (
        <Row $justify="flex-end" $gap={2}>
          <Button size="sm" variant="secondary" onClick={() => setEditing(user)}>
            {es.common.edit}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setResetting(user)}>
            {text.temporalPassword}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setSearch({ ...tabFilterReset, tab: AdminTab.logs, userId: user.id })}
          >
            {text.viewLogs}
          </Button>
        </Row>
      ),
    },
  ];

  return (
    <>
      <Row $align="flex-end">
        <SearchFilter textSearch={textSearch} search={search} setSearch={setSearch} />
      </Row>
      <br />
      <PagedQueryTable
        query={users}
        search={search}
        setSearch={setSearch}
        caption={text.caption}
        columns={columns}
        getRowId={(user) => user.id}
        empty={text.empty}
      />
      {editing ? <EditUserModal user={editing} onClose={() => setEditing(null)} /> : null}
      {resetting ? <TemporalPasswordModal user={resetting} onClose={() => setResetting(null)} /> : null}
    </>
  );
}

import {
  type AttentionItem,
  EmptyState,
  es,
  FixAction,
  operationQuery,
  PageHeader,
  parseAttentionSearch,
  QueryErrorAlert,
  SearchPagination,
  Spinner,
  safeFormatDateTime,
  usePageInRange,
  useSearchState,
} from '@luz/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import styled from 'styled-components';

const text = es.attention;

const List = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-left: 4px solid ${({ theme }) => theme.color.warning};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.md}; }
  p { margin: 4px 0 0; overflow-wrap: anywhere; }
`;

const Body = styled.div`
  flex: 1 1 18rem;
  min-width: 0;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Loading = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.color.textMuted};
`;

/** Who the item is about: the service (alias and number) and its account, or the account. */
function whereOf(item: AttentionItem): { name: string; account: string | null } {
  const account = es.sync.accountNamed(item.credential_alias || item.cfe_user);
  if (item.service_number)
    return { name: es.sync.serviceNamed(item.service_number, item.alias || null), account };
  return { name: account, account: null };
}

function AttentionEntry({ item }: { item: AttentionItem }) {
  const { name, account } = whereOf(item);
  const headingId = `attention-${item.item_id.replace(':', '-')}`;
  return (
    <Item aria-labelledby={headingId} data-testid="attention-item" data-reason={item.reason}>
      <Body>
        <h2 id={headingId}>{text.reasons[item.reason]}</h2>
        <p>
          <strong>{name}</strong>
          {account ? ` · ${account}` : null}
        </p>
        <p>{text.hints[item.reason]}</p>
        {item.rpus_count > 0 ? <Muted>{text.servicesWaiting(item.rpus_count)}</Muted> : null}
        {item.message ? <Muted>{item.message}</Muted> : null}
        <Muted>
          {text.columns.since}: {safeFormatDateTime(item.since)}
        </Muted>
      </Body>
      <FixAction
        target={{
          reason: item.reason,
          credentialId: item.credential_id,
          rpuId: item.rpu_id,
          serviceNumber: item.service_number,
          alias: item.alias || null,
          name,
        }}
      />
    </Item>
  );
}

/**
 * /attention, "Requiere atención": everything that needs a person, each with the action that fixes
 * it. Computed by the API from the database, so it is the same after a reload and on any device;
 * an item leaves once fixed (the page follows the syncs through the layout's live refresh).
 */
export function AttentionPage() {
  const [search, setSearch] = useSearchState(parseAttentionSearch);
  const params = { page: search.page, page_size: search.pageSize };
  const items = useQuery({
    ...operationQuery('listAttention', { query: params }),
    placeholderData: keepPreviousData,
  });
  const goToPage = useCallback((page: number) => setSearch({ page }, { replace: true }), [setSearch]);
  usePageInRange(search.page, search.pageSize, items.data?.count, goToPage);
  const rows = items.data?.data ?? [];

  return (
    <>
      <PageHeader title={text.title} subtitle={text.subtitle} />
      {items.isError ? (
        <QueryErrorAlert error={items.error} onRetry={() => void items.refetch()} prefix={text.loadError} />
      ) : null}
      {items.isPending ? (
        <Loading role="status">
          <Spinner size={18} decorative />
          {text.loading}
        </Loading>
      ) : null}
      {items.data && items.data.count === 0 ? (
        <EmptyState title={text.empty.title} message={text.empty.message} />
      ) : null}
      {rows.length > 0 ? (
        <List aria-label={text.caption} aria-busy={items.isFetching || undefined}>
          {rows.map((item) => (
            <AttentionEntry key={item.item_id} item={item} />
          ))}
        </List>
      ) : null}
      {items.data && items.data.count > 0 ? (
        <SearchPagination
          search={search}
          setSearch={setSearch}
          count={items.data.count}
          countCapped={items.data.count_capped}
        />
      ) : null}
    </>
  );
}

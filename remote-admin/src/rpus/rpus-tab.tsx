import {
  AdminTab,
  adminApi,
  Badge,
  Button,
  type Column,
  ConfirmDialog,
  errorMessage,
  es,
  familyKey,
  operationQuery,
  PagedQueryTable,
  parseAdminSearch,
  queryClient,
  Row,
  type RpuAdmin,
  type RpusAdminFilters,
  rpuStatusLabel,
  rpuStatusOptions,
  rpuStatusTone,
  toast,
  useSearchState,
  webhooksApi,
} from '@luz/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EnumFilter, FlagFilter, SearchFilter, textSearchFor } from '../filters';
import { OwnerCell } from '../owner-cell';
import { adminText } from '../text';
import { RpuCompleteModal } from './rpu-complete-modal';

const text = adminText.rpus;

/** The free-text fields /rpus/admin filters by (task fields belong to the logs tab). */
const textSearch = textSearchFor(
  AdminTab.rpus,
  { alias: 'alias', company: 'company_name', email: 'email', service_number: 'service_number' },
  'service_number',
);

const flagKeys = ['withAutofetch', 'sendEmailNotifications', 'hasUns', 'duplicated', 'deleted'] as const;

/** Admin › Servicios: every user's service points with the flags of spec §2 as filters. */
export function RpusTab() {
  const [search, setSearch] = useSearchState(parseAdminSearch);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [viewing, setViewing] = useState<RpuAdmin | null>(null);
  const [confirming, setConfirming] = useState(false);

  const params: RpusAdminFilters & { page: number; page_size: number } = {
    page: search.page,
    page_size: search.pageSize,
    ...textSearch.params(search),
    ...(search.userId ? { user_id: search.userId } : {}),
    ...(search.credentialId ? { credential_id: search.credentialId } : {}),
    ...(search.rpuStatus !== null ? { rpu_status: search.rpuStatus } : {}),
    ...(search.withAutofetch !== null ? { with_autofetch: search.withAutofetch } : {}),
    ...(search.sendEmailNotifications !== null
      ? { send_email_notifications: search.sendEmailNotifications }
      : {}),
    ...(search.hasUns !== null ? { has_uns: search.hasUns } : {}),
    ...(search.duplicated !== null ? { duplicated: search.duplicated } : {}),
    ...(search.deleted !== null ? { deleted: search.deleted } : {}),
  };
  const rpus = useQuery({
    ...operationQuery('listAllRpus', { query: params }),
    placeholderData: keepPreviousData,
  });

  const remove = useMutation({
    mutationFn: () => adminApi.deleteRpus([...selected]),
    onSuccess: ({ affected }) => {
      toast.success(text.deleted(affected));
      setSelected(new Set());
      setConfirming(false);
    },
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: familyKey('rpus') }),
  });
  const testWebhook = useMutation({
    mutationFn: (rpu: RpuAdmin) => webhooksApi.adminTestRpu(rpu.rpu_id),
    onSuccess: (deliveries) =>
      toast.success(
        text.testWebhookSent(
          deliveries.filter((delivery) => delivery.status === 'delivered').length,
          deliveries.length,
        ),
      ),
    onError: (error) => toast.error(errorMessage(error)),
  });

  const columns: Column<RpuAdmin>[] = [
    { key: 'service', header: text.columns.serviceNumber, render: (rpu) => rpu.service_number },
    { key: 'alias', header: text.columns.alias, render: (rpu) => rpu.alias || '—' },
    {
      key: 'owner',
      header: text.columns.owner,
      render: (rpu) => <OwnerCell email={rpu.user_email} company={rpu.user_company_name} />,
    },
    {
      key: 'status',
      header: text.columns.status,
      render: (rpu) => <Badge $tone={rpuStatusTone(rpu.rpu_status)}>{rpuStatusLabel(rpu.rpu_status)}</Badge>,
    },
    {
      key: 'flags',
      header: text.columns.flags,
      render: (rpu) => (
        <Row $gap={1}>
          {rpu.with_autofetch ? <Badge $tone="info">{text.flags.withAutofetch}</Badge> : null}
          {rpu.send_email_notifications ? (
            <Badge $tone="info">{text.flags.sendEmailNotifications}</Badge>
          ) : null}
          {rpu.has_uns ? <Badge>{text.flags.hasUns}</Badge> : null}
          {rpu.duplicated ? <Badge $tone="warning">{text.flags.duplicated}</Badge> : null}
          {rpu.deleted ? <Badge $tone="danger">{text.flags.deleted}</Badge> : null}
        </Row>
      ),
    },
    {
      key: 'actions',
      header: es.common.actions,
      align: 'right',
      render: (rpu) => (
        <Row $justify="flex-end" $gap={1}>
          <Button size="sm" variant="secondary" onClick={() => setViewing(rpu)}>
            {text.view}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => testWebhook.mutate(rpu)}
            loading={testWebhook.isPending && testWebhook.variables?.rpu_id === rpu.rpu_id}
          >
            {text.testWebhook}
          </Button>
        </Row>
      ),
    },
  ];

  return (
    <>
      <Row $align="flex-end">
        <SearchFilter textSearch={textSearch} search={search} setSearch={setSearch} />
        <EnumFilter
          label={text.rpuStatus}
          value={search.rpuStatus}
          options={rpuStatusOptions}
          onChange={(value) => setSearch({ rpuStatus: value, page: 1 })}
        />
        {flagKeys.map((key) => (
          <FlagFilter
            key={key}
            label={text.flags[key]}
            value={search[key]}
            onChange={(value) => setSearch({ [key]: value, page: 1 })}
          />
        ))}
      </Row>
      <br />
      <Row $justify="space-between">
        <span>{es.common.selected(selected.size)}</span>
        <Button variant="danger" size="sm" disabled={selected.size === 0} onClick={() => setConfirming(true)}>
          {text.deleteSelected}
        </Button>
      </Row>
      <br />
      <PagedQueryTable
        query={rpus}
        search={search}
        setSearch={setSearch}
        caption={text.caption}
        columns={columns}
        getRowId={(rpu) => rpu.rpu_id}
        rowLabel={(rpu) => rpu.service_number}
        empty={text.empty}
        selection={{ selected, onChange: setSelected }}
      />
      {viewing ? (
        <RpuCompleteModal
          rpuId={viewing.rpu_id}
          serviceNumber={viewing.service_number}
          onClose={() => setViewing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text.deleteTitle(selected.size)}
        description={text.deleteDescription}
        confirmLabel={es.common.delete}
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}

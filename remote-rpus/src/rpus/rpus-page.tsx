import {
  awaitingRows,
  Badge,
  Button,
  type Column,
  chosenFilterBy,
  DataTable,
  EmptyState,
  es,
  formatMoney,
  mexicoCityToday,
  PageHeader,
  parseRpusSearch,
  QueryErrorAlert,
  Row,
  type Rpu,
  RpuStatus,
  type RpusSearch,
  refreshRpusAndCredentials,
  rpuStatusLabel,
  rpuStatusTone,
  rpusApi,
  SearchPagination,
  safeFormatDate,
  safeFormatDateTime,
  saveDownloadedFile,
  toast,
  useListSelection,
  usePageInRange,
  useRemoteProps,
  useSearchState,
} from '@luz/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { rpusQuery } from '../first-queries';
import { ImportModal } from '../import/import-modal';
import { rpusText } from '../text';
import { AssignCredentialModal } from './assign-credential-modal';
import { BulkActions } from './bulk-actions';
import { CreateRpuModal } from './create-rpu-modal';
import { EditRpuModal } from './edit-rpu-modal';
import { RowSyncAction } from './row-sync-action';
import { RpusFilters } from './rpus-filters';
import { rpusFiltersFromSearch } from './search-query';
import { useServiceCapConfirmation } from './service-cap-dialog';
import { reportSync, syncRpus } from './sync-rpus';
import { toastError, useCredentials } from './use-rpu-mutations';

const text = rpusText;

const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const RowLink = styled(Link)`
  white-space: nowrap;
  color: ${({ theme }) => theme.color.primary};
`;

const Alias = styled.span`
  display: inline-block;
  min-width: 100px;
`;

/** The alias is edited where it is shown, which also keeps the row's actions within a desktop's width. */
const EditButton = styled(Button)`
  padding: ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.color.textMuted};
  svg { display: block; }
`;

const pencil = (
  <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M11.7 1.3a1 1 0 0 1 1.4 0l1.6 1.6a1 1 0 0 1 0 1.4l-8.4 8.4-3.4.9.9-3.4 7.9-7.9Zm-7.1 8.6-.4 1.5 1.5-.4 6.6-6.6-1.1-1.1-6.6 6.6Z"
    />
  </svg>
);

const NoWrap = styled.span`
  white-space: nowrap;
`;

const ServiceNumber = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
  white-space: nowrap;
`;

/** The holder as CFE has it, over the tariff; the address on hover. */
const Holder = styled.span`
  display: block;
  max-width: 16rem;
`;

const LastAmount = styled.span`
  display: block;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

/** How long the list waits after a sync event before reloading, so a burst of steps is one request. */
const LIVE_REFRESH_MS = 800;

/** Statuses follow the syncs: the host's stream of sync events (spec §2) reloads the list as they move. */
function useLiveStatuses() {
  const { syncEvents } = useRemoteProps();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = syncEvents.subscribe((event) => {
      if (event.rpu_id === null && event.credential_id === null) return;
      clearTimeout(timer);
      timer = setTimeout(() => void refreshRpusAndCredentials(), LIVE_REFRESH_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [syncEvents]);
}

type Dialog =
  | { kind: 'create' }
  | { kind: 'import' }
  | { kind: 'assign' }
  | { kind: 'edit'; rpu: Rpu }
  | null;

/** /rpus/: the user's service points with every search parameter of spec §2 in the URL. */
export function RpusPage() {
  const [search, setSearchState] = useSearchState(parseRpusSearch);
  // A filter chosen but still missing its value stays chosen while other parameters change.
  const setSearch = useCallback(
    (patch: Partial<RpusSearch>, options?: { replace?: boolean }) =>
      setSearchState({ filterBy: chosenFilterBy(search), ...patch }, options),
    [search, setSearchState],
  );
  const goToPage = useCallback((page: number) => setSearch({ page }, { replace: true }), [setSearch]);
  const rpus = useQuery({ ...rpusQuery(search), placeholderData: keepPreviousData });
  const credentials = useCredentials();
  const credentialList = credentials.data ?? [];
  const [dialog, setDialog] = useState<Dialog>(null);

  const filtersKey = JSON.stringify(rpusFiltersFromSearch(search));
  const [selected, setSelected] = useListSelection(filtersKey);
  // The rows of other pages stay known, so the bulk actions can name them.
  const seen = useRef(new Map<string, Rpu>());
  for (const rpu of rpus.data?.data ?? []) seen.current.set(rpu.rpu_id, rpu);
  const selectedRpus = useMemo(
    () => [...selected].map((id) => seen.current.get(id)).filter((rpu): rpu is Rpu => rpu !== undefined),
    [selected],
  );

  const download = useMutation({
    mutationFn: () => rpusApi.csv(rpusFiltersFromSearch(search)),
    onSuccess: (file) => {
      saveDownloadedFile(file, text.csv.fileName(mexicoCityToday()));
      toast.success(text.csv.done);
    },
    onError: toastError,
  });
  const { confirmOverCap, dialog: serviceCapDialog } = useServiceCapConfirmation();
  const syncOne = useMutation({
    mutationFn: (rpu: Rpu) => syncRpus([rpu]),
    onSuccess: async (outcome) => {
      reportSync(outcome);
      confirmOverCap(outcome.overCap);
      await refreshRpusAndCredentials();
    },
    onError: toastError,
  });
  useLiveStatuses();

  const columns: Column<Rpu>[] = [
    {
      key: 'service_number',
      header: text.columns.serviceNumber,
      render: (rpu) => <ServiceNumber>{rpu.service_number}</ServiceNumber>,
    },
    {
      key: 'alias',
      header: text.columns.alias,
      render: (rpu) => (
        <Row $gap={1} $wrap={false}>
          <Alias>{rpu.alias || <Muted>{text.noAlias}</Muted>}</Alias>
          <EditButton
            size="sm"
            variant="ghost"
            aria-label={text.actions.editOf(rpu.service_number)}
            title={text.actions.edit}
            onClick={() => setDialog({ kind: 'edit', rpu })}
          >
            {pencil}
          </EditButton>
        </Row>
      ),
    },
    {
      key: 'holder',
      header: text.columns.holder,
      render: (rpu) =>
        rpu.holder_name ? (
          <>
            <Holder title={rpu.address ?? undefined}>{rpu.holder_name}</Holder>
            {rpu.tariff ? <Muted>{text.tariff(rpu.tariff)}</Muted> : null}
          </>
        ) : (
          <Muted>{text.noHolder}</Muted>
        ),
    },
    {
      key: 'last_amount',
      header: text.columns.lastAmount,
      align: 'right',
      render: (rpu) =>
        rpu.last_amount ? (
          <>
            <LastAmount>{formatMoney(rpu.last_amount)}</LastAmount>
            {rpu.last_period_end ? (
              <Muted>{text.lastPeriodEnd(safeFormatDate(rpu.last_period_end))}</Muted>
            ) : null}
          </>
        ) : (
          <Muted>—</Muted>
        ),
    },
    {
      key: 'status',
      header: text.columns.status,
      render: (rpu) => (
        <>
          <Badge $tone={rpuStatusTone(rpu.rpu_status)} title={rpu.status_message ?? undefined}>
            {rpu.rpu_status === RpuStatus.missingLink && rpu.credential_id !== null
              ? text.notLinked
              : rpuStatusLabel(rpu.rpu_status)}
          </Badge>
          <Muted as="div">
            {rpu.last_synced_at ? text.lastSynced(safeFormatDateTime(rpu.last_synced_at)) : text.neverSynced}
          </Muted>
        </>
      ),
    },
    {
      key: 'credential',
      header: text.columns.credential,
      render: (rpu) => rpu.cfe_user ?? <Muted>{text.noCredential}</Muted>,
    },
    {
      // Two yes/no settings in one narrow column: the row's actions stay within a desktop's width.
      key: 'automation',
      header: <span title={text.automationHint}>{text.columns.automation}</span>,
      render: (rpu) => (
        <NoWrap>
          {text.autofetchOn(rpu.with_autofetch)}
          <br />
          {text.notificationsOn(rpu.send_email_notifications)}
        </NoWrap>
      ),
    },
    {
      key: 'actions',
      header: es.common.actions,
      align: 'right',
      render: (rpu) => (
        <Row
          $justify="flex-end"
          $gap={2}
          $wrap={false}
          role="group"
          aria-label={text.actions.rowActions(rpu.service_number)}
        >
          <RowSyncAction
            rpu={rpu}
            onSync={(row) => syncOne.mutate(row)}
            syncing={syncOne.isPending && syncOne.variables?.rpu_id === rpu.rpu_id}
          />
          <RowLink
            to={`/rpus/${rpu.rpu_id}/payment-history`}
            title={text.actions.paymentHistory}
            aria-label={text.actions.viewPaymentsOf(rpu.service_number)}
          >
            {text.actions.viewPayments}
          </RowLink>
        </Row>
      ),
    },
  ];

  const total = rpus.data?.count ?? 0;
  usePageInRange(search.page, search.pageSize, rpus.data?.count, goToPage);
  const filtered = filtersKey !== '{}';
  const firstLoad = rpus.isPending;

  return (
    <>
      <PageHeader
        title={text.title}
        subtitle={text.subtitle}
        actions={
          <>
            <Button variant="secondary" onClick={() => download.mutate()} loading={download.isPending}>
              {download.isPending ? text.actions.downloading : text.actions.downloadCsv}
            </Button>
            <Button variant="secondary" onClick={() => setDialog({ kind: 'import' })}>
              {text.actions.import}
            </Button>
            <Button onClick={() => setDialog({ kind: 'create' })}>{text.actions.add}</Button>
          </>
        }
      />
      <RpusFilters search={search} setSearch={setSearch} credentials={credentialList} />
      {rpus.isError ? (
        <QueryErrorAlert error={rpus.error} onRetry={() => void rpus.refetch()} prefix={text.loadError} />
      ) : null}
      {selectedRpus.length > 0 ? (
        <BulkActions
          selected={selectedRpus}
          onAssign={() => setDialog({ kind: 'assign' })}
          onClear={() => setSelected(new Set())}
        />
      ) : null}
      {!firstLoad && !rpus.isError && total === 0 && !filtered ? (
        <EmptyState
          title={text.empty.title}
          message={text.empty.message}
          action={
            <Row $justify="center">
              <Button onClick={() => setDialog({ kind: 'create' })}>{text.actions.add}</Button>
              <Button variant="secondary" onClick={() => setDialog({ kind: 'import' })}>
                {text.actions.import}
              </Button>
            </Row>
          }
        />
      ) : (
        <>
          <DataTable
            caption={text.caption}
            columns={columns}
            rows={rpus.data?.data ?? []}
            failed={rpus.isError}
            getRowId={(rpu) => rpu.rpu_id}
            rowLabel={(rpu) => rpu.service_number}
            loading={awaitingRows(rpus)}
            skeletonRows={search.pageSize}
            empty={text.noResults}
            selection={{ selected, onChange: setSelected }}
          />
          {rpus.data ? (
            <SearchPagination
              search={search}
              setSearch={setSearch}
              count={total}
              countCapped={rpus.data.count_capped}
            />
          ) : null}
        </>
      )}

      {dialog?.kind === 'create' ? (
        <CreateRpuModal credentials={credentialList} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'import' ? (
        <ImportModal credentials={credentialList} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'assign' ? (
        <AssignCredentialModal
          rpuIds={selectedRpus.map((rpu) => rpu.rpu_id)}
          credentials={credentialList}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'edit' ? <EditRpuModal rpu={dialog.rpu} onClose={() => setDialog(null)} /> : null}
      {serviceCapDialog}
    </>
  );
}

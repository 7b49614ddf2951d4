import {
  Alert,
  awaitingRows,
  Button,
  type Column,
  ConfirmDialog,
  DataTable,
  EmptyState,
  errorMessage,
  errorStatus,
  es,
  familyKey,
  formatMoney,
  PageHeader,
  type Payment,
  parsePaymentHistorySearch,
  paymentHistoryApi,
  queryClient,
  Row,
  SearchPagination,
  safeFormatDate,
  saveDownloadedFile,
  toast,
  usePageInRange,
  useSearchState,
} from '@luz/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { paymentsQuery, rpuQuery } from '../first-queries';

const text = es.sync.paymentHistory;

const Amount = styled.span`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Reference = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
`;

const BackLink = styled(Link)`
  color: ${({ theme }) => theme.color.primary};
  white-space: nowrap;
`;

const columns: Column<Payment>[] = [
  { key: 'paid_on', header: text.columns.paidOn, render: (payment) => safeFormatDate(payment.paid_on) },
  {
    key: 'amount',
    header: text.columns.amount,
    align: 'right',
    render: (payment) => <Amount>{formatMoney(payment.amount)}</Amount>,
  },
  { key: 'channel', header: text.columns.channel, render: (payment) => payment.channel },
  {
    key: 'reference',
    header: text.columns.reference,
    render: (payment) => <Reference>{payment.reference || '—'}</Reference>,
  },
  {
    key: 'document',
    header: text.columns.document,
    render: (payment) =>
      payment.cfdi_series && payment.cfdi_folio ? (
        <Reference
          title={payment.cfdi_uuid ?? undefined}
        >{`${payment.cfdi_series}-${payment.cfdi_folio}`}</Reference>
      ) : (
        '—'
      ),
  },
];

/**
 * /rpus/{rpuId}/payment-history: the payments of one service point (spec §2), a page at a time
 * (page and page size in the URL), with sync from the portal, delete and CSV export.
 */
export function PaymentHistoryPage() {
  const { rpuId = '' } = useParams();
  const [search, setSearch] = useSearchState(parsePaymentHistorySearch);
  // Both at once: the payments do not wait for the service point's answer (an unknown one answers
  // 404 to both, and the page shows the service point's).
  const rpu = useQuery({ ...rpuQuery(rpuId), retry: false });
  const payments = useQuery({ ...paymentsQuery(rpuId, search), placeholderData: keepPreviousData });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);

  const total = payments.data?.count ?? 0;
  const goToPage = useCallback((page: number) => setSearch({ page }, { replace: true }), [setSearch]);
  usePageInRange(search.page, search.pageSize, payments.data?.count, goToPage);

  const refresh = () => queryClient.invalidateQueries({ queryKey: familyKey('payment-history') });
  const fail = (error: unknown) => toast.error(errorMessage(error));

  const sync = useMutation({
    mutationFn: () => paymentHistoryApi.sync(rpuId),
    onSuccess: () => toast.success(text.syncStarted),
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: () => paymentHistoryApi.remove({ payment_ids: [...selected] }),
    onSuccess: async ({ affected }) => {
      setConfirming(false);
      setSelected(new Set());
      toast.success(text.deleted(affected));
      await refresh();
    },
    onError: fail,
  });
  const csv = useMutation({
    mutationFn: () =>
      paymentHistoryApi.csv({ rpu_id: rpuId, ...(selected.size > 0 ? { payment_ids: [...selected] } : {}) }),
    onSuccess: (file) =>
      saveDownloadedFile(file, `historial-de-pagos-${rpu.data?.service_number ?? rpuId}.csv`),
    onError: fail,
  });

  const back = <BackLink to="/rpus/">{text.back}</BackLink>;
  if (rpu.isError) {
    return (
      <>
        <PageHeader title={text.title} actions={back} />
        <Alert tone="danger">
          {/* A malformed id in the URL (422) is as missing as an unknown one. */}
          {[404, 422].includes(errorStatus(rpu.error) ?? 0) ? text.notFound : errorMessage(rpu.error)}
        </Alert>
      </>
    );
  }
  const name = rpu.data
    ? rpu.data.alias
      ? `${rpu.data.alias} (${rpu.data.service_number})`
      : rpu.data.service_number
    : '';

  return (
    <>
      <PageHeader
        title={text.title}
        subtitle={name ? text.subtitle(name) : es.common.loading}
        actions={
          <>
            {back}
            <Button
              variant="secondary"
              onClick={() => csv.mutate()}
              loading={csv.isPending}
              disabled={total === 0}
            >
              {selected.size > 0 ? text.csvSelected : text.csv}
            </Button>
            <Button onClick={() => sync.mutate()} loading={sync.isPending} disabled={!rpu.isSuccess}>
              {sync.isPending ? text.syncing : text.sync}
            </Button>
          </>
        }
      />
      {rpu.isSuccess && payments.isError ? <Alert tone="danger">{errorMessage(payments.error)}</Alert> : null}
      {selected.size > 0 ? (
        <Row $gap={2}>
          <span>{es.common.selected(selected.size)}</span>
          <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
            {text.delete}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
            {es.common.clear}
          </Button>
        </Row>
      ) : null}
      {payments.isSuccess && total === 0 ? (
        <EmptyState
          title={text.title}
          message={text.empty}
          action={
            <Button onClick={() => sync.mutate()} loading={sync.isPending}>
              {text.sync}
            </Button>
          }
        />
      ) : (
        <>
          <DataTable
            caption={text.table}
            columns={columns}
            rows={payments.data?.data ?? []}
            getRowId={(payment) => payment.payment_id}
            rowLabel={(payment) => `${safeFormatDate(payment.paid_on)} ${formatMoney(payment.amount)}`}
            loading={awaitingRows(payments) || rpu.isPending}
            skeletonRows={search.pageSize}
            empty={text.empty}
            selection={{ selected, onChange: setSelected }}
          />
          {payments.data ? (
            <SearchPagination
              search={search}
              setSearch={setSearch}
              count={total}
              countCapped={payments.data.count_capped}
            />
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text.deleteTitle}
        description={text.deleteConfirm(selected.size)}
        confirmLabel={es.common.delete}
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}

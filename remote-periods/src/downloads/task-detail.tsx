import {
  Alert,
  awaitingRows,
  Badge,
  Button,
  Card,
  DataTable,
  errorMessage,
  es,
  operationKey,
  operationQuery,
  type Page,
  Pagination,
  ProgressBar,
  Row,
  Spinner,
  safeFormatDateTime,
  syncWorkflowLabel,
  type Task,
  type TaskAssociation,
  taskStatusLabel,
  taskStatusTone,
  taskTypeLabel,
  toApiError,
} from '@luz/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, type To } from 'react-router-dom';
import styled from 'styled-components';
import { periodRowLabel, usePeriodColumns } from '../periods/period-columns';
import { PeriodsActions } from '../periods/periods-actions';
import { periodsText } from '../text';
import { eventsOfTask, liveAssociation } from './live-progress';
import { taskName } from './task-name';
import { useSyncEvents } from './use-sync-events';

const text = periodsText.downloads.task;

const ASSOCIATIONS_PAGE_SIZE = 50;
const PERIODS_PAGE_SIZE = 10;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  align-items: baseline;
  margin-bottom: ${({ theme }) => theme.space(4)};
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.xl}; }
  dl { display: flex; gap: ${({ theme }) => theme.space(4)}; margin: 0; font-size: ${({ theme }) => theme.font.size.sm}; }
  dt { color: ${({ theme }) => theme.color.textMuted}; }
  dd { margin: 0; }
`;

const Associations = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const AssociationCard = styled(Card)`
  padding: ${({ theme }) => theme.space(4)};
  h3 { margin: 0; font-size: ${({ theme }) => theme.font.size.md}; font-family: ${({ theme }) => theme.font.mono}; }
`;

const Meta = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

const PeriodsBox = styled.div`
  margin-top: ${({ theme }) => theme.space(3)};
  h4 { margin: 0 0 ${({ theme }) => theme.space(2)}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

/** How many of the latest tasks are looked through for the one a link names. */
const RECENT_TASKS = 100;

/**
 * The task itself (type, status, dates): there is no endpoint for one task of a user, so it is
 * taken from the cached lists or, for a link opened directly, from the latest tasks.
 */
function useTask(taskId: string): Task | undefined {
  const queryClient = useQueryClient();
  const cached = queryClient
    .getQueriesData<Page<Task>>({ queryKey: operationKey('listTasks') })
    .flatMap(([, page]) => page?.data ?? [])
    .find((task) => task.task_id === taskId);
  const recentQuery = { page: 1, page_size: RECENT_TASKS };
  const recent = useQuery({
    ...operationQuery('listTasks', { query: recentQuery }),
    enabled: cached === undefined,
  });
  return cached ?? recent.data?.data.find((task) => task.task_id === taskId);
}

/** The periods one service point of the task found, downloadable from here. */
function AssociationPeriods({ association }: { association: TaskAssociation }) {
  const [page, setPage] = useState(1);
  const query = { page, page_size: PERIODS_PAGE_SIZE };
  const periods = useQuery({
    ...operationQuery('listTaskPeriods', {
      params: { task_association_id: association.task_association_id },
      query,
    }),
    placeholderData: keepPreviousData,
  });
  const columns = usePeriodColumns({ service: false });
  const service = association.service_number ?? text.account;
  const count = periods.data?.count ?? 0;
  return (
    <PeriodsBox>
      <h4>{text.periodsOf(service)}</h4>
      {periods.isError ? (
        <Alert tone="danger">{`${text.periodsError} ${errorMessage(periods.error)}`}</Alert>
      ) : null}
      {count > 0 ? (
        <PeriodsActions
          filters={{ task_association_id: association.task_association_id }}
          selectedIds={[]}
          total={count}
          totalCapped={periods.data?.count_capped}
          onClearSelection={() => undefined}
          scope={text.scope(count, periods.data?.count_capped)}
        />
      ) : null}
      <DataTable
        caption={text.periodsOf(service)}
        columns={columns}
        rows={periods.data?.data ?? []}
        getRowId={(period) => period.period_id}
        rowLabel={periodRowLabel}
        loading={awaitingRows(periods)}
        empty={text.noPeriods}
      />
      {count > PERIODS_PAGE_SIZE ? (
        <Pagination
          page={page}
          pageSize={PERIODS_PAGE_SIZE}
          count={count}
          countCapped={periods.data?.count_capped}
          onPageChange={setPage}
        />
      ) : null}
    </PeriodsBox>
  );
}

function AssociationItem({
  association,
  state,
}: {
  association: TaskAssociation;
  state: ReturnType<typeof liveAssociation>;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const service = association.service_number
    ? `${association.service_number}${association.alias ? ` · ${association.alias}` : ''}`
    : association.credential_label
      ? periodsText.downloads.account(association.credential_label)
      : text.account;
  return (
    <li>
      <AssociationCard aria-label={service} data-testid="task-association">
        <Row $justify="space-between">
          <h3>{service}</h3>
          <Row $gap={2}>
            {state.live ? <Badge $tone="info">{text.live}</Badge> : null}
            <Badge $tone={taskStatusTone(state.status)}>{taskStatusLabel(state.status)}</Badge>
          </Row>
        </Row>
        <Meta>
          <span>{syncWorkflowLabel(association.chain_workflow)}</span>
          {state.attemptText ? <span>{state.attemptText}</span> : null}
          <span>{text.periods(association.periods_count)}</span>
        </Meta>
        <ProgressBar
          value={state.progress}
          tone={state.tone}
          label={`${service}: ${es.sync.progress(state.progress)}`}
        />
        {state.message ? <Meta>{state.message}</Meta> : null}
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          disabled={association.periods_count === 0}
        >
          {open ? text.hidePeriods : text.showPeriods}
        </Button>
        <div id={panelId}>{open ? <AssociationPeriods association={association} /> : null}</div>
      </AssociationCard>
    </li>
  );
}

/** One task (`?taskId=`): its service points with their live progress, and the periods each found. */
export function TaskDetail({ taskId, backTo }: { taskId: string; backTo: To }) {
  const [page, setPage] = useState(1);
  const query = { page, page_size: ASSOCIATIONS_PAGE_SIZE };
  const associations = useQuery({
    ...operationQuery('listTaskAssociations', { params: { task_id: taskId }, query }),
    placeholderData: keepPreviousData,
  });
  const task = useTask(taskId);
  const events = eventsOfTask(useSyncEvents(), taskId);
  const titleId = useId();

  const back = <Link to={backTo}>{text.close}</Link>;
  if (associations.isError) {
    const notFound = toApiError(associations.error).status === 404;
    return (
      <section aria-labelledby={titleId}>
        <h2 id={titleId}>{text.title}</h2>
        <Alert tone={notFound ? 'warning' : 'danger'}>
          {notFound ? text.notFound : `${text.loadError} ${errorMessage(associations.error)}`}
        </Alert>
        <p>{back}</p>
      </section>
    );
  }
  const list = associations.data?.data ?? [];
  return (
    <section aria-labelledby={titleId} data-testid="task-detail">
      <Header>
        <h2 id={titleId}>{task ? taskName(task).title : text.title}</h2>
        {task ? (
          <>
            <Badge $tone={taskStatusTone(task.status)}>{taskStatusLabel(task.status)}</Badge>
            <dl>
              <div>
                <dt>{text.type}</dt>
                <dd>{taskName(task).detail || taskTypeLabel(task.type)}</dd>
              </div>
              <div>
                <dt>{text.created}</dt>
                <dd>{safeFormatDateTime(task.created_at)}</dd>
              </div>
              <div>
                <dt>{text.workflow}</dt>
                <dd>{syncWorkflowLabel(task.workflow)}</dd>
              </div>
              <div>
                <dt>{text.finished}</dt>
                <dd>{task.finished_at ? safeFormatDateTime(task.finished_at) : text.running}</dd>
              </div>
            </dl>
          </>
        ) : null}
        {back}
      </Header>
      <h3>{text.associations}</h3>
      {associations.isPending ? <Spinner /> : null}
      {!associations.isPending && list.length === 0 ? <p>{text.noAssociations}</p> : null}
      <Associations>
        {list.map((association) => (
          <AssociationItem
            key={association.task_association_id}
            association={association}
            state={liveAssociation(association, events.get(association.task_association_id))}
          />
        ))}
      </Associations>
      {(associations.data?.count ?? 0) > ASSOCIATIONS_PAGE_SIZE ? (
        <Pagination
          page={page}
          pageSize={ASSOCIATIONS_PAGE_SIZE}
          count={associations.data?.count ?? 0}
          countCapped={associations.data?.count_capped}
          onPageChange={setPage}
        />
      ) : null}
    </section>
  );
}

import {
  AdminTab,
  adminApi,
  Badge,
  Button,
  browserTimeZone,
  type Column,
  errorMessage,
  es,
  familyKey,
  formatDateTime,
  operationQuery,
  PagedQueryTable,
  parseAdminSearch,
  queryClient,
  Row,
  type TaskLog,
  taskStatusLabel,
  taskStatusOptions,
  taskStatusTone,
  taskTypeLabel,
  taskTypeOptions,
  toast,
  useSearchState,
} from '@luz/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EnumFilter, SearchFilter, textSearchFor } from '../filters';
import { OwnerCell } from '../owner-cell';
import { adminText } from '../text';
import { TaskDetailModal } from './task-detail-modal';
import { TaskStats } from './task-stats';

const text = adminText.logs;

/** The free-text fields of GET /tasks/logs; type and status have their own selects. */
const textSearch = textSearchFor(
  AdminTab.logs,
  { alias: 'alias', company: 'user_company_name', email: 'user_email', service_number: 'service_number' },
  'email',
);

/** Admin › Bitácora: every user's tasks with the /admin search parameters, stats, detail and retries. */
export function LogsTab() {
  const [search, setSearch] = useSearchState(parseAdminSearch);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [viewing, setViewing] = useState<string | null>(null);

  const params = {
    page: search.page,
    page_size: search.pageSize,
    time_zone: browserTimeZone(),
    ...textSearch.params(search),
    ...(search.userId ? { user_id: search.userId } : {}),
    ...(search.taskType !== null ? { task_type: search.taskType } : {}),
    ...(search.containsTaskStatus !== null ? { contains_task_status: search.containsTaskStatus } : {}),
  };
  const logs = useQuery({
    ...operationQuery('listTaskLogs', { query: params }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: familyKey('tasks') });

  const retry = useMutation({
    mutationFn: () => adminApi.retryTasks({ task_ids: [...selected] }),
    onSuccess: ({ data }) => {
      toast.success(text.retried(data.length));
      setSelected(new Set());
    },
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: refresh,
  });
  const review = useMutation({
    mutationFn: (reviewed: boolean) => adminApi.updateLogs({ task_ids: [...selected], reviewed }),
    onSuccess: (_, reviewed) => {
      toast.success(text.updated(selected.size));
      if (reviewed) setSelected(new Set());
    },
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: refresh,
  });

  const columns: Column<TaskLog>[] = [
    { key: 'created', header: text.columns.createdAt, render: (task) => formatDateTime(task.created_at) },
    {
      key: 'owner',
      header: text.columns.owner,
      render: (task) => <OwnerCell email={task.user_email} company={task.user_company_name} />,
    },
    { key: 'type', header: text.columns.type, render: (task) => taskTypeLabel(task.type) },
    {
      key: 'status',
      header: text.columns.status,
      render: (task) => <Badge $tone={taskStatusTone(task.status)}>{taskStatusLabel(task.status)}</Badge>,
    },
    {
      key: 'services',
      header: text.columns.services,
      render: (task) =>
        text.counts(task.counts.success, task.counts.error + task.counts.user_error, task.counts.total),
    },
    {
      key: 'reviewed',
      header: text.columns.reviewed,
      render: (task) => (
        <Badge $tone={task.reviewed ? 'success' : 'neutral'}>
          {task.reviewed ? text.reviewedYes : text.reviewedNo}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: es.common.actions,
      align: 'right',
      render: (task) => (
        <Button size="sm" variant="secondary" onClick={() => setViewing(task.task_id)}>
          {text.detail}
        </Button>
      ),
    },
  ];

  return (
    <>
      <TaskStats userId={search.userId} />
      <br />
      <Row $align="flex-end">
        <SearchFilter textSearch={textSearch} search={search} setSearch={setSearch} />
        <EnumFilter
          label={text.taskType}
          value={search.taskType}
          options={taskTypeOptions}
          onChange={(value) => setSearch({ taskType: value, page: 1 })}
        />
        <EnumFilter
          label={text.containsTaskStatus}
          value={search.containsTaskStatus}
          options={taskStatusOptions}
          onChange={(value) => setSearch({ containsTaskStatus: value, page: 1 })}
        />
        {search.userId ? (
          <Button
            variant="ghost"
            aria-label={text.removeUserFilter}
            onClick={() => setSearch({ userId: null, page: 1 })}
          >
            {text.userFilter(search.userId)} ✕
          </Button>
        ) : null}
      </Row>
      <br />
      <Row $justify="space-between">
        <span>{es.common.selected(selected.size)}</span>
        <Row $gap={2}>
          <Button
            size="sm"
            variant="secondary"
            disabled={selected.size === 0}
            onClick={() => review.mutate(true)}
          >
            {text.markReviewed}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={selected.size === 0}
            onClick={() => review.mutate(false)}
          >
            {text.markUnreviewed}
          </Button>
          <Button
            size="sm"
            disabled={selected.size === 0}
            loading={retry.isPending}
            onClick={() => retry.mutate()}
          >
            {text.retrySelected}
          </Button>
        </Row>
      </Row>
      <br />
      <PagedQueryTable
        query={logs}
        search={search}
        setSearch={setSearch}
        caption={text.caption}
        columns={columns}
        getRowId={(task) => task.task_id}
        rowLabel={(task) => `${taskTypeLabel(task.type)} ${formatDateTime(task.created_at)}`}
        empty={text.empty}
        selection={{ selected, onChange: setSelected }}
      />
      {viewing ? <TaskDetailModal taskId={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  );
}

import {
  adminApi,
  Badge,
  Button,
  type Column,
  chainStepLabel,
  DataTable,
  errorMessage,
  es,
  FactList,
  familyKey,
  formatDateTime,
  Modal,
  ModalActions,
  operationQuery,
  PageSpinner,
  ProgressBar,
  QueryErrorAlert,
  queryClient,
  Stack,
  syncWorkflowLabel,
  type TaskAssociation,
  TaskStatus,
  taskStatusLabel,
  taskStatusTone,
  taskTypeLabel,
  toast,
} from '@luz/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { adminText } from '../text';

const text = adminText.logs;

const failed = (association: TaskAssociation) =>
  association.status === TaskStatus.error || association.status === TaskStatus.userError;

const columns: Column<TaskAssociation>[] = [
  {
    key: 'service',
    header: text.associationColumns.service,
    render: (row) => [row.service_number, row.alias].filter(Boolean).join(' · ') || '—',
  },
  { key: 'step', header: text.associationColumns.step, render: (row) => chainStepLabel(row.chain_step) },
  {
    key: 'attempt',
    header: text.associationColumns.attempt,
    align: 'right',
    render: (row) => row.attempt + 1,
  },
  {
    key: 'status',
    header: text.associationColumns.status,
    render: (row) => <Badge $tone={taskStatusTone(row.status)}>{taskStatusLabel(row.status)}</Badge>,
  },
  {
    key: 'progress',
    header: text.associationColumns.progress,
    width: '120px',
    render: (row) => (
      <ProgressBar
        value={row.progress}
        tone={row.status === TaskStatus.success ? 'success' : failed(row) ? 'danger' : 'info'}
        label={`${row.progress} %`}
      />
    ),
  },
  { key: 'message', header: text.associationColumns.message, render: (row) => row.message ?? '—' },
];

/** A task with its owner, its service points (associations) and their messages; retries the failed ones. */
export function TaskDetailModal({ taskId, onClose }: { taskId: string; onClose: () => void }) {
  const detail = useQuery({
    ...operationQuery('getTaskLog', { params: { task_id: taskId } }),
  });
  const retry = useMutation({
    mutationFn: (ids: string[]) => adminApi.retryTasks({ task_association_ids: ids }),
    onSuccess: ({ data }) => toast.success(text.retried(data.length)),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: familyKey('tasks') }),
  });
  const task = detail.data?.task;
  const associations = detail.data?.associations ?? [];
  const failedIds = associations.filter(failed).map((association) => association.task_association_id);
  const facts: [string, ReactNode][] = task
    ? [
        [text.detailFacts.user, `${task.user_email} (${task.user_company_name || '—'})`],
        [text.detailFacts.type, taskTypeLabel(task.type)],
        [text.detailFacts.workflow, syncWorkflowLabel(task.workflow)],
        [
          text.detailFacts.status,
          <Badge key="status" $tone={taskStatusTone(task.status)}>
            {taskStatusLabel(task.status)}
          </Badge>,
        ],
        [text.detailFacts.message, task.message ?? '—'],
        [text.detailFacts.createdAt, formatDateTime(task.created_at)],
        [text.detailFacts.finishedAt, task.finished_at ? formatDateTime(task.finished_at) : '—'],
        [text.detailFacts.periods, task.periods_count],
      ]
    : [];

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={text.detailTitle} width={960}>
      {detail.isPending ? <PageSpinner /> : null}
      {detail.isError ? <QueryErrorAlert error={detail.error} onRetry={() => void detail.refetch()} /> : null}
      {task ? (
        <Stack>
          <FactList facts={facts} />
          <DataTable
            caption={text.associationsCaption}
            columns={columns}
            rows={associations}
            getRowId={(row) => row.task_association_id}
            empty={es.common.empty}
          />
        </Stack>
      ) : null}
      <ModalActions>
        <Button
          variant="secondary"
          disabled={failedIds.length === 0}
          loading={retry.isPending}
          onClick={() => retry.mutate(failedIds)}
        >
          {text.retryFailed}
        </Button>
        <Button onClick={onClose}>{es.common.close}</Button>
      </ModalActions>
    </Modal>
  );
}

import {
  Alert,
  Badge,
  type DownloadsSearch,
  EmptyState,
  errorMessage,
  formatWith,
  groupByDate,
  Pagination,
  pageSizePreference,
  type Task,
  taskStatusLabel,
  taskStatusTone,
  toSearchString,
} from '@luz/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { tasksQuery } from '../first-queries';
import { periodsText } from '../text';
import { taskName } from './task-name';
import { useRefreshTasksOnEvents } from './use-sync-events';

const text = periodsText.downloads;

const Group = styled.section`
  margin-bottom: ${({ theme }) => theme.space(5)};
  h2 { font-size: ${({ theme }) => theme.font.size.lg}; margin: 0 0 ${({ theme }) => theme.space(2)}; }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  li + li { border-top: 1px solid ${({ theme }) => theme.color.border}; }
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: 64px minmax(180px, 2fr) 140px 1fr 1fr auto;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  font-size: ${({ theme }) => theme.font.size.sm};
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Time = styled.time`
  font-family: ${({ theme }) => theme.font.mono};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
`;

const Name = styled.span`
  display: flex;
  flex-direction: column;
  small { color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.font.size.xs}; }
`;

const hour = (value: string) => formatWith(value, 'HH:mm');

/** The user's tasks (GET /tasks/), newest first, grouped by day: "Hoy", "Ayer" or dd/MM/yyyy. */
export function TaskList({
  search,
  setSearch,
}: {
  search: DownloadsSearch;
  setSearch: (patch: Partial<DownloadsSearch>) => void;
}) {
  const tasks = useQuery({ ...tasksQuery(search), placeholderData: keepPreviousData });
  const data = tasks.data?.data ?? [];
  const knownIds = useMemo(() => new Set(data.map((task) => task.task_id)), [data]);
  useRefreshTasksOnEvents(knownIds);
  const groups = groupByDate(data, (task: Task) => task.created_at);

  if (tasks.isError)
    return (
      <Alert tone="danger">
        {text.loadError} {errorMessage(tasks.error)}
      </Alert>
    );
  if (!tasks.isPending && (tasks.data?.count ?? 0) === 0)
    return <EmptyState title={text.empty.title} message={text.empty.message} />;

  return (
    <div aria-busy={tasks.isFetching || undefined}>
      {groups.map((group) => (
        <Group key={group.key} aria-labelledby={`tasks-${group.key}`}>
          <h2 id={`tasks-${group.key}`}>{group.label}</h2>
          <List>
            {group.items.map((task) => {
              const name = taskName(task);
              return (
                <Item key={task.task_id} data-testid="task-item">
                  <Time dateTime={task.created_at}>{hour(task.created_at)}</Time>
                  <Name>
                    <strong>{name.title}</strong>
                    {name.detail ? <small>{name.detail}</small> : null}
                  </Name>
                  <span>
                    <Badge $tone={taskStatusTone(task.status)}>{taskStatusLabel(task.status)}</Badge>
                  </span>
                  <span>
                    <Muted>{text.columns.services}: </Muted>
                    {text.servicesCount(task.counts.success, task.counts.total)}
                  </span>
                  <span>
                    <Muted>{text.columns.periods}: </Muted>
                    {task.periods_count}
                  </span>
                  <Link
                    to={{ search: toSearchString({ ...search, taskId: task.task_id }) }}
                    aria-label={text.openLabel(name.title, hour(task.created_at))}
                  >
                    {text.open}
                  </Link>
                </Item>
              );
            })}
          </List>
        </Group>
      ))}
      <Pagination
        page={search.page}
        pageSize={search.pageSize}
        count={tasks.data?.count ?? 0}
        countCapped={tasks.data?.count_capped}
        onPageChange={(page) => setSearch({ page })}
        onPageSizeChange={(pageSize) => {
          pageSizePreference.set(pageSize);
          setSearch({ pageSize, page: 1 });
        }}
      />
    </div>
  );
}

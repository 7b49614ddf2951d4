import {
  browserTimeZone,
  Card,
  es,
  inputDateToIso,
  isoDateToInput,
  operationQuery,
  QueryErrorAlert,
  Row,
  Stack,
  TextField,
  taskStatusLabel,
  taskStatusTone,
  taskStatusValues,
  taskTypeLabel,
  taskTypeValues,
  toIsoDate,
} from '@luz/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { adminText } from '../text';

const text = adminText.logs.stats;

const Chart = styled.div`
  display: grid;
  grid-template-columns: minmax(140px, max-content) 1fr max-content;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  align-items: center;
`;

const Bar = styled.div`
  display: flex;
  height: 18px;
  border-radius: ${({ theme }) => theme.radius.pill};
  overflow: hidden;
  background: ${({ theme }) => theme.color.surfaceRaised};
`;

const Segment = styled.span<{ $tone: 'info' | 'success' | 'warning' | 'danger' | 'neutral' }>`
  display: block;
  height: 100%;
  background: ${({ theme, $tone }) => ($tone === 'neutral' ? theme.color.textMuted : theme.color[$tone])};
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  list-style: none;
  padding: 0;
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  li { display: inline-flex; align-items: center; gap: 6px; }
  span { width: 12px; height: 12px; border-radius: 3px; display: inline-block; }
`;

const daysAgo = (days: number) => toIsoDate(new Date(Date.now() - days * 86_400_000));

/** Counts of tasks by type and status in a date range, as stacked bars (and their numbers as text). */
export function TaskStats({ userId }: { userId: string | null }) {
  const [from, setFrom] = useState(isoDateToInput(daysAgo(30)));
  const [to, setTo] = useState(isoDateToInput(daysAgo(0)));
  const initial = inputDateToIso(from);
  const final = inputDateToIso(to);
  const valid = initial !== null && final !== null && initial <= final;
  const params = {
    initial_date: initial ?? undefined,
    final_date: final ?? undefined,
    time_zone: browserTimeZone(),
    ...(userId ? { user_id: userId } : {}),
  };
  const stats = useQuery({
    ...operationQuery('taskStats', { query: params }),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const counts = stats.data?.counts ?? [];
  const countOf = (type: number, status: number) =>
    counts.find((entry) => entry.type === type && entry.status === status)?.count ?? 0;
  const totalOf = (type: number) =>
    taskStatusValues.reduce<number>((sum, status) => sum + countOf(type, status), 0);
  const max = Math.max(1, ...taskTypeValues.map(totalOf));

  return (
    <Card aria-labelledby="task-stats-title">
      <Stack $gap={3}>
        <Row $justify="space-between" $align="flex-end">
          <h2 id="task-stats-title" style={{ margin: 0 }}>
            {text.title}
          </h2>
          <Row $align="flex-end">
            <TextField
              label={text.from}
              value={from}
              placeholder={es.dates.inputPlaceholder}
              error={initial === null ? es.validation.date : undefined}
              onChange={(event) => setFrom(event.target.value)}
            />
            <TextField
              label={text.to}
              value={to}
              placeholder={es.dates.inputPlaceholder}
              error={
                final === null
                  ? es.validation.date
                  : initial !== null && initial > final
                    ? text.rangeInverted
                    : undefined
              }
              onChange={(event) => setTo(event.target.value)}
            />
          </Row>
        </Row>
        {stats.isError ? <QueryErrorAlert error={stats.error} onRetry={() => void stats.refetch()} /> : null}
        {stats.data ? (
          <p style={{ margin: 0 }}>{stats.data.total > 0 ? text.total(stats.data.total) : text.empty}</p>
        ) : null}
        {stats.data && stats.data.total > 0 ? (
          <figure aria-label={text.chartLabel} style={{ margin: 0 }}>
            <Chart>
              {taskTypeValues.map((type) => {
                const total = totalOf(type);
                const summary = taskStatusValues
                  .filter((status) => countOf(type, status) > 0)
                  .map((status) => `${taskStatusLabel(status)}: ${countOf(type, status)}`)
                  .join(', ');
                return (
                  <div key={type} style={{ display: 'contents' }}>
                    <span>{taskTypeLabel(type)}</span>
                    <Bar role="img" aria-label={`${taskTypeLabel(type)}: ${summary || '0'}`}>
                      {taskStatusValues.map((status) =>
                        countOf(type, status) > 0 ? (
                          <Segment
                            key={status}
                            $tone={taskStatusTone(status)}
                            style={{ width: `${(countOf(type, status) / max) * 100}%` }}
                            title={`${taskStatusLabel(status)}: ${countOf(type, status)}`}
                          />
                        ) : null,
                      )}
                    </Bar>
                    <strong>{total}</strong>
                  </div>
                );
              })}
            </Chart>
            <Legend>
              {taskStatusValues.map((status) => (
                <li key={status}>
                  <Segment as="span" $tone={taskStatusTone(status)} />
                  {taskStatusLabel(status)}
                </li>
              ))}
            </Legend>
          </figure>
        ) : null}
      </Stack>
    </Card>
  );
}

import {
  Alert,
  Card,
  es,
  formatCompactKwh,
  formatCompactMoney,
  formatKwh,
  formatMoney,
  formatPercent,
  formatWith,
  type PeriodsSeriesPoint,
  Spinner,
  VisuallyHidden,
} from '@luz/shared';
import { useId } from 'react';
import styled, { useTheme } from 'styled-components';
import { periodsText } from '../text';

const text = periodsText.chart;

/** A month whose amount rises at least this much over the one it is compared with stands out. */
export const JUMP_RATIO = 1.3;

export type Jump = { index: number; point: PeriodsSeriesPoint; increase: number; bimonthly: boolean };

/** yyyy-MM of `months` months before another yyyy-MM. */
function monthBefore(month: string, months: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const index = year * 12 + number - 1 - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * Months whose amount rose JUMP_RATIO or more, comparing like with like: what monthly receipts
 * (business tariffs) billed against the month before, and what bimonthly receipts (residential
 * tariffs) billed against two months before, so a month that simply has bimonthly receipts in it
 * is not an increase. Money becomes a number only for the ratio.
 */
export function amountJumps(points: readonly PeriodsSeriesPoint[]): Jump[] {
  const byMonth = new Map(points.map((point) => [point.month, point]));
  const jumps: Jump[] = [];
  points.forEach((point, index) => {
    for (const bimonthly of [false, true]) {
      const amountOf = (candidate: PeriodsSeriesPoint | undefined) =>
        Number((bimonthly ? candidate?.bimonthly_amount : candidate?.monthly_amount) ?? Number.NaN);
      const previous = amountOf(byMonth.get(monthBefore(point.month, bimonthly ? 2 : 1)));
      const current = amountOf(point);
      if (previous > 0 && current >= previous * JUMP_RATIO)
        jumps.push({ index, point, increase: (current / previous - 1) * 100, bimonthly });
    }
  });
  return jumps;
}

/** "ene 2025" for "2025-01". */
export const monthLabel = (month: string) => formatWith(`${month}-01`, 'MMM yyyy');

/** A round upper bound for an axis (1, 2, 2.5 or 5 times a power of ten). */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((candidate) => candidate * power >= value) ?? 10;
  return step * power;
}

const WIDTH = 760;
const HEIGHT = 260;
const MARGIN = { top: 16, right: 80, bottom: 36, left: 64 };
const TICKS = 4;

const Figure = styled.figure`
  margin: 0;
  figcaption { color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; margin-bottom: ${({ theme }) => theme.space(2)}; }
`;

/**
 * The plot keeps the drawing's proportions whether the figures have arrived or not: the spinner,
 * the empty and the error messages take its place, so nothing below moves when the data comes.
 */
const Plot = styled.div`
  aspect-ratio: ${WIDTH} / ${HEIGHT};
  display: grid;
  place-items: center;
  svg { width: 100%; height: 100%; display: block; }
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  list-style: none;
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  li { display: inline-flex; align-items: center; gap: 6px; }
`;

const Swatch = styled.span<{ $color: string; $round?: boolean }>`
  width: 12px;
  height: 12px;
  border-radius: ${({ $round }) => ($round ? '50%' : '3px')};
  background: ${({ $color }) => $color};
`;

/** Room for its heading and three months, scrolling beyond: a long list does not push the table down either. */
const Jumps = styled.div`
  margin-top: ${({ theme }) => theme.space(3)};
  height: 6.5em;
  overflow-y: auto;
  font-size: ${({ theme }) => theme.font.size.sm};
  h3 { margin: 0 0 4px; font-size: ${({ theme }) => theme.font.size.md}; }
  ul { margin: 0; padding-left: 20px; }
  p { margin: 0; color: ${({ theme }) => theme.color.textMuted}; }
`;

const Heading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.lg};
`;

/**
 * Amount (bars, MXN, left axis) and consumption (line, kWh, right axis) of the filtered periods
 * per month, drawn as plain SVG: a few dozen shapes need no chart library. Months whose amount
 * jumps are drawn in the warning colour and listed under the chart; the figures are also in a
 * table for screen readers.
 */
export function PeriodsChart({
  points,
  loading,
  error,
}: {
  points: PeriodsSeriesPoint[];
  loading: boolean;
  error: boolean;
}) {
  const theme = useTheme();
  const titleId = useId();
  const descriptionId = useId();
  const jumps = amountJumps(points);
  const jumpIndexes = new Set(jumps.map((jump) => jump.index));

  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const amountMax = niceMax(Math.max(0, ...points.map((point) => Number(point.amount))));
  const kwhMax = niceMax(Math.max(0, ...points.map((point) => Number(point.consumption_kwh))));
  const band = plotWidth / Math.max(points.length, 1);
  const x = (index: number) => MARGIN.left + band * index + band / 2;
  const yAmount = (value: number) => MARGIN.top + plotHeight * (1 - value / amountMax);
  const yKwh = (value: number) => MARGIN.top + plotHeight * (1 - value / kwhMax);
  const labelEvery = Math.ceil(points.length / 12);
  const line = points
    .map(
      (point, index) =>
        `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${yKwh(Number(point.consumption_kwh)).toFixed(1)}`,
    )
    .join(' ');
  const ticks = Array.from({ length: TICKS + 1 }, (_, step) => step / TICKS);
  const first = points[0];
  const last = points.at(-1);

  return (
    <Card aria-labelledby={titleId} data-testid="periods-chart">
      <Heading id={titleId}>{text.title}</Heading>
      <Figure>
        <figcaption id={descriptionId}>
          {text.description}
          {first && last
            ? ` ${text.summary(points.length, monthLabel(first.month), monthLabel(last.month))}`
            : null}
        </figcaption>
        <Plot>
          {error ? (
            <Alert tone="danger">{text.loadError}</Alert>
          ) : points.length > 0 ? (
            <svg
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              role="img"
              aria-labelledby={`${titleId} ${descriptionId}`}
            >
              <title>{text.title}</title>
              {ticks.map((fraction) => {
                const y = MARGIN.top + plotHeight * (1 - fraction);
                return (
                  <g key={fraction} fontSize={11} fill={theme.color.textMuted}>
                    <line
                      x1={MARGIN.left}
                      x2={WIDTH - MARGIN.right}
                      y1={y}
                      y2={y}
                      stroke={theme.color.border}
                    />
                    <text x={MARGIN.left - 8} y={y + 4} textAnchor="end">
                      {formatCompactMoney(amountMax * fraction)}
                    </text>
                    <text x={WIDTH - MARGIN.right + 8} y={y + 4} textAnchor="start">
                      {formatCompactKwh(kwhMax * fraction)}
                    </text>
                  </g>
                );
              })}
              {points.map((point, index) => {
                const top = yAmount(Number(point.amount));
                const jump = jumpIndexes.has(index);
                return (
                  <g key={point.month}>
                    <rect
                      x={x(index) - band * 0.3}
                      width={band * 0.6}
                      y={top}
                      height={MARGIN.top + plotHeight - top}
                      rx={2}
                      fill={jump ? theme.color.warning : theme.color.primary}
                      opacity={jump ? 1 : 0.8}
                      data-jump={jump || undefined}
                    >
                      <title>{`${monthLabel(point.month)}: ${formatMoney(point.amount)} · ${formatKwh(point.consumption_kwh)}`}</title>
                    </rect>
                    {index % labelEvery === 0 ? (
                      <text
                        x={x(index)}
                        y={HEIGHT - MARGIN.bottom + 16}
                        textAnchor="middle"
                        fontSize={11}
                        fill={theme.color.textMuted}
                      >
                        {monthLabel(point.month)}
                      </text>
                    ) : null}
                  </g>
                );
              })}
              <path d={line} fill="none" stroke={theme.color.info} strokeWidth={2} />
              {points.map((point, index) => (
                <circle
                  key={point.month}
                  cx={x(index)}
                  cy={yKwh(Number(point.consumption_kwh))}
                  r={3}
                  fill={theme.color.info}
                />
              ))}
            </svg>
          ) : loading ? (
            <Spinner label={es.common.loading} />
          ) : (
            <p>{text.empty}</p>
          )}
        </Plot>
        <Legend>
          <li>
            <Swatch $color={theme.color.primary} /> {text.amount}
          </li>
          <li>
            <Swatch $color={theme.color.info} $round /> {text.consumption}
          </li>
          <li>
            <Swatch $color={theme.color.warning} /> {text.jumps}
          </li>
        </Legend>
        <Jumps>
          <h3>{text.jumps}</h3>
          {points.length === 0 ? null : jumps.length === 0 ? (
            <p>{text.noJumps}</p>
          ) : (
            <ul>
              {jumps.map((jump) => (
                <li key={`${jump.point.month}-${jump.bimonthly}`}>
                  {text.jump(
                    monthLabel(jump.point.month),
                    formatPercent(jump.increase),
                    formatMoney(jump.bimonthly ? jump.point.bimonthly_amount : jump.point.monthly_amount),
                    jump.bimonthly,
                  )}
                </li>
              ))}
            </ul>
          )}
        </Jumps>
        {points.length > 0 ? (
          <VisuallyHidden as="div">
            <table>
              <caption>{text.tableCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{text.month}</th>
                  <th scope="col">{text.amount}</th>
                  <th scope="col">{text.consumption}</th>
                  <th scope="col">{text.periods}</th>
                </tr>
              </thead>
              <tbody>
                {points.map((point) => (
                  <tr key={point.month}>
                    <th scope="row">{monthLabel(point.month)}</th>
                    <td>{formatMoney(point.amount)}</td>
                    <td>{formatKwh(point.consumption_kwh)}</td>
                    <td>{point.periods}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        ) : null}
      </Figure>
    </Card>
  );
}

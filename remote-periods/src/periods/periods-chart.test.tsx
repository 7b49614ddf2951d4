import { darkTheme, type PeriodsSeriesPoint } from '@luz/shared';
import { render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { amountJumps, monthLabel, niceMax, PeriodsChart } from './periods-chart';

const point = (month: string, amount: string, kwh = '100.00', bimonthly = '0.00'): PeriodsSeriesPoint => ({
  month,
  amount: (Number(amount) + Number(bimonthly)).toFixed(2),
  consumption_kwh: kwh,
  periods: 1,
  monthly_amount: amount,
  bimonthly_amount: bimonthly,
});

test('a jump is a month whose amount rose 30 % or more over the previous one', () => {
  const points = [
    point('2024-01', '1000.00'),
    point('2024-02', '1299.99'),
    point('2024-03', '1700.00'),
    point('2024-04', '0.00'),
    point('2024-05', '900.00'),
  ];
  expect(amountJumps(points).map((jump) => [jump.point.month, Math.round(jump.increase)])).toEqual([
    ['2024-03', 31],
  ]);
});

test('monthly and bimonthly receipts are compared like with like before a jump is flagged', () => {
  // A business service billed monthly and a home billed every two months: the months with the
  // home's receipt are not increases; a home receipt 40 % above the one two months before is.
  const points = [
    point('2024-01', '1000.00', '100.00', '500.00'),
    point('2024-02', '1010.00'),
    point('2024-03', '990.00', '100.00', '520.00'),
    point('2024-04', '1000.00'),
    point('2024-05', '1005.00', '100.00', '728.00'),
  ];
  expect(
    amountJumps(points).map((jump) => [jump.point.month, jump.bimonthly, Math.round(jump.increase)]),
  ).toEqual([['2024-05', true, 40]]);
});

test('axes end on round numbers', () => {
  expect([niceMax(0), niceMax(7), niceMax(1234.5), niceMax(2100), niceMax(99_000)]).toEqual([
    1, 10, 2000, 2500, 100_000,
  ]);
});

test('months read in Spanish', () => {
  expect(monthLabel('2025-01')).toBe('ene 2025');
});

test('draws a bar per month, marks and lists the jumps, and gives the figures as a table', () => {
  render(
    <ThemeProvider theme={darkTheme}>
      <PeriodsChart
        points={[point('2024-01', '1000.00', '300.00'), point('2024-02', '2500.50', '750.25')]}
        loading={false}
        error={false}
      />
    </ThemeProvider>,
  );
  const chart = screen.getByTestId('periods-chart');
  expect(within(chart).getByRole('img', { name: /Importe y consumo por mes/ })).toBeInTheDocument();
  expect(chart.querySelectorAll('rect')).toHaveLength(2);
  expect(chart.querySelectorAll('rect[data-jump]')).toHaveLength(1);
  expect(chart).toHaveTextContent('feb 2024: $2,500.50 en recibos mensuales (+150%');
  const table = within(chart).getByRole('table', { name: 'Datos de la gráfica' });
  expect(within(table).getByRole('row', { name: /ene 2024 \$1,000\.00 300 kWh 1/ })).toBeInTheDocument();
});

test('says when there is nothing to draw', () => {
  render(
    <ThemeProvider theme={darkTheme}>
      <PeriodsChart points={[]} loading={false} error={false} />
    </ThemeProvider>,
  );
  expect(screen.getByText('Sin datos para graficar con estos filtros.')).toBeInTheDocument();
});

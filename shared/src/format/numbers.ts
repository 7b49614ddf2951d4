/** Semantic colour of a percentage (spec §9): below 50 danger, below 80 warning, otherwise success. */
export type PercentColor = 'danger' | 'warning' | 'success';

/**
 * The colour of a percentage (0–100) by the thresholds of spec §9. A value that is not a
 * number (NaN, ±Infinity) is 'danger': an unknown rate must not look healthy.
 */
export function percentColor(percent: number): PercentColor {
  if (!Number.isFinite(percent) || percent < 50) return 'danger';
  if (percent < 80) return 'warning';
  return 'success';
}

const LOCALE = 'es-MX';

/**
 * A format made on first use: making one loads the locale's data, which a page should not pay for
 * while it starts (tens of milliseconds on a phone) when it may never show that kind of number.
 */
function numberFormat(options: Intl.NumberFormatOptions): () => Intl.NumberFormat {
  let made: Intl.NumberFormat | null = null;
  return () => {
    made ??= new Intl.NumberFormat(LOCALE, options);
    return made;
  };
}

const money = numberFormat({ style: 'currency', currency: 'MXN' });
const MONEY_TEXT = /^-?\d+(\.\d+)?$/;

/** Intl formats decimal strings exactly, without float rounding (ES2023 `Intl.NumberFormat`). */
type NumericInput = number | `${number}`;

function numeric(value: number | string, what: string): NumericInput {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Invalid ${what} value`);
    return value;
  }
  const text = value.trim();
  if (!MONEY_TEXT.test(text)) throw new RangeError(`Invalid ${what} value`);
  return text as `${number}`;
}

/**
 * Pesos (MXN) in the Mexican format: "$1,234.50", "-$80.00". Money travels as a decimal string
 * (contract `zMoney`) and is formatted from that string exactly, never through a float, so
 * "0.125" rounds half away from zero to "$0.13". Throws RangeError for a value that is not a number.
 */
export function formatMoney(amount: string | number): string {
  return money().format(numeric(amount, 'money'));
}

const kwh = numberFormat({ maximumFractionDigits: 2 });

/** Energy: "1,234.5 kWh". Throws RangeError for a value that is not a number. */
export function formatKwh(value: string | number): string {
  return `${kwh().format(numeric(value, 'energy'))} kWh`;
}

const compactMoney = numberFormat({
  style: 'currency',
  currency: 'MXN',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const compactNumber = numberFormat({ notation: 'compact', maximumFractionDigits: 1 });

/** Pesos rounded for a chart's axis, where width is scarce: "$750 k", "$1.2 M". */
export function formatCompactMoney(amount: number): string {
  return compactMoney().format(numeric(amount, 'money'));
}

/** Energy rounded for a chart's axis: "200 k kWh". */
export function formatCompactKwh(value: number): string {
  return `${compactNumber().format(numeric(value, 'energy'))} kWh`;
}

const percentFormats = new Map<number, Intl.NumberFormat>();

/**
 * A percentage given in points (0–100, as the sync progress travels): "45%", "45.5%" with
 * `fractionDigits` 1. Throws RangeError for a value that is not a finite number.
 */
export function formatPercent(percent: number, fractionDigits = 0): string {
  if (!Number.isFinite(percent)) throw new RangeError('Invalid percent value');
  let formatter = percentFormats.get(fractionDigits);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: fractionDigits });
    percentFormats.set(fractionDigits, formatter);
  }
  return formatter.format(percent / 100);
}

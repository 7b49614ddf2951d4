import {
  formatCompactKwh,
  formatCompactMoney,
  formatKwh,
  formatMoney,
  formatPercent,
  percentColor,
} from './numbers';

describe('percentColor (spec §9)', () => {
  it('49.9 is danger (below 50)', () => expect(percentColor(49.9)).toBe('danger'));
  it('50 is warning (the lower threshold is inclusive of warning)', () =>
    expect(percentColor(50)).toBe('warning'));
  it('79.9 is warning (below 80)', () => expect(percentColor(79.9)).toBe('warning'));
  it('80 is success', () => expect(percentColor(80)).toBe('success'));
  it('0 is danger and 100 is success', () => {
    expect(percentColor(0)).toBe('danger');
    expect(percentColor(100)).toBe('success');
  });
  it('a value that is not a number is danger', () => {
    expect(percentColor(Number.NaN)).toBe('danger');
    expect(percentColor(Number.POSITIVE_INFINITY)).toBe('danger');
  });
});

describe('formatMoney (MXN, es-MX)', () => {
  it('formats a decimal string with thousands separators and two decimals', () => {
    expect(formatMoney('1234.50')).toBe('$1,234.50');
  });
  it('formats a number', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
  });
  it('formats large and negative amounts', () => {
    expect(formatMoney('1234567.8')).toBe('$1,234,567.80');
    expect(formatMoney('-80')).toBe('-$80.00');
  });
  it('rounds a decimal string exactly, half away from zero', () => {
    expect(formatMoney('0.125')).toBe('$0.13');
    expect(formatMoney('1.005')).toBe('$1.01'); // 1.005 as a float would give $1.00
  });
  it('throws RangeError for text that is not an amount', () => {
    expect(() => formatMoney('abc')).toThrow(RangeError);
    expect(() => formatMoney('1,234.50')).toThrow(RangeError);
    expect(() => formatMoney('')).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatKwh', () => {
  it('formats energy with es-MX separators and the unit', () => {
    expect(formatKwh(1234)).toBe('1,234 kWh');
    expect(formatKwh('1234.567')).toBe('1,234.57 kWh');
    expect(formatKwh(0.5)).toBe('0.5 kWh');
  });
  it('throws RangeError for a value that is not a number', () => {
    expect(() => formatKwh('mucho')).toThrow(RangeError);
  });
});

describe('formatPercent', () => {
  it('formats points (0–100) as a percentage', () => {
    expect(formatPercent(45)).toBe('45%');
    expect(formatPercent(100)).toBe('100%');
  });
  it('rounds to the requested fraction digits', () => {
    expect(formatPercent(45.56)).toBe('46%');
    expect(formatPercent(45.56, 1)).toBe('45.6%');
  });
  it('throws RangeError for a value that is not a number', () => {
    expect(() => formatPercent(Number.NaN)).toThrow(RangeError);
  });
});

describe('compact axis labels', () => {
  test('pesos and kWh keep their unit and lose the digits a chart axis has no room for', () => {
    for (const [amount, digits] of [
      [750_000, '750'],
      [1_250_000, '1.3'],
    ] as const) {
      expect(formatCompactMoney(amount)).toMatch(new RegExp(`^\\$${digits.replace('.', '\\.')}\\s?\\S+$`));
    }
    expect(formatCompactMoney(0)).toBe('$0');
    expect(formatCompactKwh(200_000)).toMatch(/^200\s?\S+ kWh$/);
    expect(formatCompactKwh(950)).toBe('950 kWh');
    expect(() => formatCompactKwh(Number.NaN)).toThrow(RangeError);
  });
});

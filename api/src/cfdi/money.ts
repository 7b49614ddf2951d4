/**
 * Money of a CFDI as integer centavos and exact decimal text ("1234.56"), never through a float:
 * a peso amount of up to 90 trillion fits a JavaScript integer exactly.
 */

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Centavos of a decimal text as CFE and SAT write it ("1,234.5", "244015", "0.160000", "-0.43").
 * Digits past the second decimal are rounded half away from zero (a CFDI may carry six decimals).
 * Null for anything that is not a number.
 */
export function centavosOf(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const match = DECIMAL.exec(text.trim().replace(/[,$\s]/g, ''));
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const cents = Number(whole || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  const roundUp = Number(fraction[2] ?? '0') >= 5 ? 1 : 0;
  const value = cents + roundUp;
  return sign === '-' && value !== 0 ? -value : value;
}

/** "1234.56" (or "-0.43") of a number of centavos: the wire format of money (zMoney). */
export function moneyText(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const absolute = Math.abs(centavos);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** A decimal text normalised to money ("1,234.5" → "1234.50"); null when it is not a number. */
export function money(text: string | null | undefined): string | null {
  const centavos = centavosOf(text);
  return centavos === null ? null : moneyText(centavos);
}

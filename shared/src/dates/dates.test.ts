// These tests hold in any time zone; the suite is also run with TZ=America/Mexico_City,
// TZ=America/New_York and TZ=Pacific/Kiritimati to check that bare dates never shift a day.
import {
  dateGroupLabel,
  dateOptions,
  daysOfWeek,
  formatDate,
  formatDateTime,
  groupByDate,
  inputDateToIso,
  isIsoDate,
  isoDateToInput,
  mexicoCityToday,
  parseInputDate,
  parseIsoDate,
  safeFormatDate,
  safeFormatDateTime,
  startOfWeek,
  toDate,
  toIsoDate,
  weekdayNames,
} from './dates';

const local = (year: number, month: number, day: number, hours = 0, minutes = 0) =>
  new Date(year, month - 1, day, hours, minutes);

describe('formatDate (dd/MM/yyyy)', () => {
  it('formats a Date', () => {
    expect(formatDate(local(2025, 3, 7, 15, 30))).toBe('07/03/2025');
  });
  it('formats a bare yyyy-MM-dd without shifting the day', () => {
    expect(formatDate('2025-03-01')).toBe('01/03/2025');
    expect(formatDate('2025-01-01')).toBe('01/01/2025');
  });
  it('formats an ISO date-time in local time', () => {
    expect(formatDate(local(2025, 12, 31, 23, 59).toISOString())).toBe('31/12/2025');
  });
  it('formats an epoch number', () => {
    expect(formatDate(local(2024, 2, 29).getTime())).toBe('29/02/2024');
  });
  it('throws RangeError "Invalid time value" for an invalid value (spec §8)', () => {
    expect(() => formatDate('not a date')).toThrow(new RangeError('Invalid time value'));
    expect(() => formatDate(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => formatDate('2025-02-30')).toThrow('Invalid time value');
  });
});

describe('formatDateTime (dd/MM/yyyy HH:mm)', () => {
  it('formats with a 24-hour clock', () => {
    expect(formatDateTime(local(2025, 3, 7, 15, 5))).toBe('07/03/2025 15:05');
    expect(formatDateTime(local(2025, 3, 7, 0, 0))).toBe('07/03/2025 00:00');
  });
  it('a bare date is midnight of that day', () => {
    expect(formatDateTime('2025-03-01')).toBe('01/03/2025 00:00');
  });
  it('throws for an invalid value', () => {
    expect(() => formatDateTime('')).toThrow(new RangeError('Invalid time value'));
  });
});

describe('toIsoDate (yyyy-MM-dd, wire and URL)', () => {
  it('writes the local calendar day', () => {
    expect(toIsoDate(local(2025, 3, 7, 23, 59))).toBe('2025-03-07');
  });
  it('keeps a bare date as it is', () => {
    expect(toIsoDate('2025-03-01')).toBe('2025-03-01');
  });
  it('throws for an invalid value', () => {
    expect(() => toIsoDate('31/02/2025')).toThrow(RangeError);
  });
});

describe('parseInputDate (dd/MM/yyyy, strict)', () => {
  it('reads a valid date as local midnight', () => {
    expect(parseInputDate('07/03/2025')).toEqual(local(2025, 3, 7));
  });
  it('accepts 29 February of a leap year only', () => {
    expect(parseInputDate('29/02/2024')).toEqual(local(2024, 2, 29));
    expect(parseInputDate('29/02/2025')).toBeNull();
  });
  it('refuses days that do not exist', () => {
    expect(parseInputDate('30/02/2025')).toBeNull();
    expect(parseInputDate('31/04/2025')).toBeNull();
    expect(parseInputDate('00/01/2025')).toBeNull();
    expect(parseInputDate('01/13/2025')).toBeNull();
  });
  it('refuses other formats', () => {
    expect(parseInputDate('2025-03-07')).toBeNull();
    expect(parseInputDate('7/3/2025')).toBeNull();
    expect(parseInputDate('07/03/25')).toBeNull();
    expect(parseInputDate('07-03-2025')).toBeNull();
    expect(parseInputDate('07/03/2025 10:00')).toBeNull();
    expect(parseInputDate('')).toBeNull();
  });
  it('ignores surrounding spaces', () => {
    expect(parseInputDate(' 07/03/2025 ')).toEqual(local(2025, 3, 7));
  });
  it('keeps years below 100 as they are', () => {
    expect(parseInputDate('01/01/0099')?.getFullYear()).toBe(99);
    expect(parseInputDate('01/01/0000')).toBeNull();
  });
});

describe('parseIsoDate (yyyy-MM-dd, strict)', () => {
  it('reads a valid date as local midnight', () => {
    expect(parseIsoDate('2025-03-07')).toEqual(local(2025, 3, 7));
  });
  it('refuses days that do not exist (2025-02-30)', () => {
    expect(parseIsoDate('2025-02-30')).toBeNull();
    expect(parseIsoDate('2025-13-01')).toBeNull();
    expect(parseIsoDate('2025-00-10')).toBeNull();
  });
  it('refuses other formats', () => {
    expect(parseIsoDate('07/03/2025')).toBeNull();
    expect(parseIsoDate('2025-3-7')).toBeNull();
    expect(parseIsoDate('2025-03-07T00:00:00Z')).toBeNull();
    expect(parseIsoDate('')).toBeNull();
  });
  it('isIsoDate answers the same', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
  });
});

describe('conversions between input and wire formats', () => {
  it('dd/MM/yyyy to yyyy-MM-dd', () => {
    expect(inputDateToIso('07/03/2025')).toBe('2025-03-07');
    expect(inputDateToIso('30/02/2025')).toBeNull();
  });
  it('yyyy-MM-dd to dd/MM/yyyy, empty when missing or invalid', () => {
    expect(isoDateToInput('2025-03-07')).toBe('07/03/2025');
    expect(isoDateToInput('2025-02-30')).toBe('');
    expect(isoDateToInput(null)).toBe('');
  });
});

describe('toDate', () => {
  it('a bare date is local midnight of the same day (no time-zone shift)', () => {
    const date = toDate('2025-03-01');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([2025, 2, 1, 0]);
  });
  it('copies a Date instead of sharing it', () => {
    const original = local(2025, 1, 1);
    const copy = toDate(original);
    expect(copy).toEqual(original);
    expect(copy).not.toBe(original);
  });
  it('reads an ISO date-time with an offset as that instant', () => {
    expect(toDate('2025-03-01T12:00:00Z').getTime()).toBe(Date.UTC(2025, 2, 1, 12));
  });
  it('gives an Invalid Date for unreadable text', () => {
    expect(Number.isNaN(toDate('mañana').getTime())).toBe(true);
  });
});

describe('safe formatting for display', () => {
  it('formats valid values like the strict functions', () => {
    expect(safeFormatDate('2025-03-07')).toBe('07/03/2025');
    expect(safeFormatDateTime(local(2025, 3, 7, 9, 8))).toBe('07/03/2025 09:08');
  });
  it('shows the catalogue text "Fecha inválida" instead of throwing', () => {
    expect(safeFormatDate('not a date')).toBe('Fecha inválida');
    expect(safeFormatDateTime(new Date(Number.NaN))).toBe('Fecha inválida');
  });
  it('uses the given fallback for missing values', () => {
    expect(safeFormatDate(null, '—')).toBe('—');
    expect(safeFormatDateTime(undefined, '—')).toBe('—');
    expect(safeFormatDate('')).toBe('Fecha inválida');
  });
});

describe('weeks start on Monday in the Spanish locale (spec §9)', () => {
  it('uses the es locale with weekStartsOn 1', () => {
    expect(dateOptions.weekStartsOn).toBe(1);
    expect(dateOptions.locale.code).toBe('es');
  });
  it('the week of a Sunday starts the Monday before', () => {
    expect(startOfWeek(local(2025, 3, 9, 18))).toEqual(local(2025, 3, 3)); // Sunday 9 March 2025
  });
  it('the week of a Monday starts that same Monday', () => {
    expect(startOfWeek('2025-03-03')).toEqual(local(2025, 3, 3));
  });
  it('lists the days of a week Monday to Sunday', () => {
    const days = daysOfWeek('2025-03-05').map((day) => toIsoDate(day));
    expect(days).toEqual([
      '2025-03-03',
      '2025-03-04',
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
      '2025-03-08',
      '2025-03-09',
    ]);
  });
  it('names the days in Spanish, Monday first', () => {
    expect(weekdayNames()).toEqual([
      'lunes',
      'martes',
      'miércoles',
      'jueves',
      'viernes',
      'sábado',
      'domingo',
    ]);
    expect(weekdayNames('short')[0]).toBe('lu');
  });
});

describe('dateGroupLabel (spec §9)', () => {
  const now = local(2025, 3, 10, 9, 0);
  it('"Hoy" for any time of the current day', () => {
    expect(dateGroupLabel(local(2025, 3, 10, 0, 0), now)).toBe('Hoy');
    expect(dateGroupLabel(local(2025, 3, 10, 23, 59), now)).toBe('Hoy');
  });
  it('"Ayer" for the day before', () => {
    expect(dateGroupLabel(local(2025, 3, 9, 23, 59), now)).toBe('Ayer');
    expect(dateGroupLabel('2025-03-09', now)).toBe('Ayer');
  });
  it('"Ayer" across a month and a year boundary', () => {
    expect(dateGroupLabel('2025-02-28', local(2025, 3, 1, 8))).toBe('Ayer');
    expect(dateGroupLabel('2024-12-31', local(2025, 1, 1, 0, 5))).toBe('Ayer');
  });
  it('dd/MM/yyyy for any other day, also in the future', () => {
    expect(dateGroupLabel(local(2025, 3, 8, 12), now)).toBe('08/03/2025');
    expect(dateGroupLabel(local(2025, 3, 11, 12), now)).toBe('11/03/2025');
  });
  it('throws for an invalid date like every formatter', () => {
    expect(() => dateGroupLabel('nope', now)).toThrow('Invalid time value');
  });
});

describe('groupByDate', () => {
  const now = local(2025, 3, 10, 12);
  type Item = { id: number; at: string | Date };
  const items: Item[] = [
    { id: 1, at: local(2025, 3, 10, 11) },
    { id: 2, at: local(2025, 3, 9, 20) },
    { id: 3, at: local(2025, 3, 10, 8) },
    { id: 4, at: '2025-03-01' },
    { id: 5, at: local(2025, 3, 9, 1) },
  ];

  it('groups by local day with Hoy/Ayer/date labels, keeping the order of first appearance', () => {
    const groups = groupByDate(items, (item) => item.at, now);
    expect(groups.map((group) => [group.key, group.label, group.items.map((item) => item.id)])).toEqual([
      ['2025-03-10', 'Hoy', [1, 3]],
      ['2025-03-09', 'Ayer', [2, 5]],
      ['2025-03-01', '01/03/2025', [4]],
    ]);
  });

  it('returns no groups for no items', () => {
    expect(groupByDate([], () => new Date(), now)).toEqual([]);
  });

  it('gathers unreadable dates under "Fecha inválida" instead of failing', () => {
    const groups = groupByDate([{ id: 1, at: 'x' }, ...items.slice(0, 1)], (item) => item.at, now);
    expect(groups[0]).toEqual({ key: 'invalid', label: 'Fecha inválida', items: [{ id: 1, at: 'x' }] });
    expect(groups[1]?.label).toBe('Hoy');
  });
});

test("downloaded files are named after Mexico City's day, wherever the code runs", () => {
  // 03:00 UTC on 1 January is still 31 December in Mexico City (UTC-6).
  expect(mexicoCityToday(new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31');
  expect(mexicoCityToday(new Date('2026-01-01T07:00:00Z'))).toBe('2026-01-01');
});

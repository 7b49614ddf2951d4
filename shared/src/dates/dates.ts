import { es } from '@luz/shared/text';
// One module per function: date-fns' index loads all ~300 of its modules wherever it is not
// tree-shaken (Node, jest), for the handful used here (decision 009).
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { isSameDay } from 'date-fns/isSameDay';
import { isValid } from 'date-fns/isValid';
import { es as esLocale } from 'date-fns/locale/es';
import { parseISO } from 'date-fns/parseISO';
import { startOfWeek as startOfWeekFns } from 'date-fns/startOfWeek';
import { subDays } from 'date-fns/subDays';

/** The three formats of spec §3. */
export const DATE_INPUT_FORMAT = 'dd/MM/yyyy';
export const ISO_DATE_FORMAT = 'yyyy-MM-dd';
export const DATE_TIME_FORMAT = 'dd/MM/yyyy HH:mm';

/**
 * Options for every date-fns call of the interface: the Spanish locale, with weeks starting on
 * Monday (spec §9). date-fns' `es` already starts on Monday; saying it here keeps the rule
 * visible and safe from a locale change.
 */
export const dateOptions: { readonly locale: typeof esLocale; readonly weekStartsOn: 1 } = {
  locale: esLocale,
  weekStartsOn: 1,
};

/** What the formatting functions accept: a Date, an epoch number, an ISO date-time or a bare yyyy-MM-dd. */
export type DateInput = Date | number | string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INPUT_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** A local calendar date, or null when the numbers do not name a real day (2025-02-30). */
function calendarDate(year: number, month: number, day: number): Date | null {
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(2000, month - 1, day);
  date.setFullYear(year); // the Date constructor maps years 0-99 to 1900-1999
  date.setHours(0, 0, 0, 0);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

/** yyyy-MM-dd (the wire and URL format) to the local midnight of that day; null unless strictly valid. */
export function parseIsoDate(text: string): Date | null {
  const match = ISO_DATE.exec(text.trim());
  return match ? calendarDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** dd/MM/yyyy (what the user types) to the local midnight of that day; null unless strictly valid. */
export function parseInputDate(text: string): Date | null {
  const match = INPUT_DATE.exec(text.trim());
  return match ? calendarDate(Number(match[3]), Number(match[2]), Number(match[1])) : null;
}

/** Whether a text is a real calendar day written yyyy-MM-dd. */
export function isIsoDate(text: string): boolean {
  return parseIsoDate(text) !== null;
}

/**
 * The Date a value stands for. A bare yyyy-MM-dd is a calendar day and becomes local midnight,
 * so it never moves to the previous day west of UTC (as `new Date('2025-03-01')` would). An
 * unreadable value becomes an Invalid Date, which the formatters refuse.
 */
export function toDate(value: DateInput): Date {
  if (value instanceof Date) return new Date(value.getTime());
  if (typeof value === 'number') return new Date(value);
  if (ISO_DATE.test(value.trim())) return parseIsoDate(value) ?? new Date(Number.NaN);
  return parseISO(value.trim());
}

/**
 * Formats with date-fns in Spanish. An invalid value throws date-fns' RangeError
 * "Invalid time value" (spec §8); use the safe variants where a throw is not wanted.
 */
export function formatWith(value: DateInput, pattern: string): string {
  return format(toDate(value), pattern, dateOptions);
}

/** dd/MM/yyyy. Throws RangeError('Invalid time value') for an invalid value. */
export function formatDate(value: DateInput): string {
  return formatWith(value, DATE_INPUT_FORMAT);
}

/** dd/MM/yyyy HH:mm, in the browser's time zone. Throws RangeError for an invalid value. */
export function formatDateTime(value: DateInput): string {
  return formatWith(value, DATE_TIME_FORMAT);
}

/** yyyy-MM-dd, the format of the wire and of URLs. Throws RangeError for an invalid value. */
export function toIsoDate(value: DateInput): string {
  return formatWith(value, ISO_DATE_FORMAT);
}

/**
 * Mexico City's calendar day (yyyy-MM-dd), whatever the browser's zone: what downloaded files are
 * named after, as the API names them.
 */
export function mexicoCityToday(now: Date = new Date()): string {
  return now.toLocaleDateString('en-CA', { timeZone: 'America/Mexico_City' });
}

/** dd/MM/yyyy (typed) to yyyy-MM-dd (sent), or null when the text is not a valid date. */
export function inputDateToIso(text: string): string | null {
  const date = parseInputDate(text);
  return date ? toIsoDate(date) : null;
}

/** yyyy-MM-dd (from the API or the URL) to dd/MM/yyyy for an input, or '' when invalid or missing. */
export function isoDateToInput(text: string | null | undefined): string {
  const date = text ? parseIsoDate(text) : null;
  return date ? formatDate(date) : '';
}

function safely(value: DateInput | null | undefined, pattern: string, fallback: string): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = toDate(value);
  return isValid(date) ? format(date, pattern, dateOptions) : fallback;
}

/** dd/MM/yyyy for display: the catalogue's "Fecha inválida" (or `fallback`) instead of throwing. */
export function safeFormatDate(
  value: DateInput | null | undefined,
  fallback: string = es.dates.invalid,
): string {
  return safely(value, DATE_INPUT_FORMAT, fallback);
}

/** dd/MM/yyyy HH:mm for display: the catalogue's "Fecha inválida" (or `fallback`) instead of throwing. */
export function safeFormatDateTime(
  value: DateInput | null | undefined,
  fallback: string = es.dates.invalid,
): string {
  return safely(value, DATE_TIME_FORMAT, fallback);
}

/** First day (Monday, 00:00) of the week of a date (spec §9). */
export function startOfWeek(value: DateInput): Date {
  return startOfWeekFns(toDate(value), dateOptions);
}

/** The seven days of the week of a date, Monday first. */
export function daysOfWeek(value: DateInput): Date[] {
  const monday = startOfWeek(value);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** Localised week-day names (date-fns `es`), Monday first: ['lunes', …] or ['lu', …] with 'short'. */
export function weekdayNames(width: 'long' | 'short' = 'long'): string[] {
  return daysOfWeek(new Date(2024, 0, 1)).map((day) =>
    format(day, width === 'long' ? 'EEEE' : 'EEEEEE', dateOptions),
  );
}

/** The browser's IANA time zone (GET /tasks/stats and /tasks/logs take `time_zone`). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The label of a group of items of one day (spec §9): "Hoy", "Ayer", otherwise dd/MM/yyyy.
 * `now` is a parameter so that a list renders one consistent "today" and tests are stable.
 * Throws RangeError for an invalid date, like the other formatters.
 */
export function dateGroupLabel(value: DateInput, now: DateInput = new Date()): string {
  const date = toDate(value);
  const today = toDate(now);
  if (!isValid(date)) return formatDate(date);
  if (isSameDay(date, today)) return es.dates.today;
  if (isSameDay(date, subDays(today, 1))) return es.dates.yesterday;
  return formatDate(date);
}

export type DateGroup<T> = {
  /** yyyy-MM-dd of the day, or 'invalid' for items whose date cannot be read. */
  key: string;
  /** "Hoy", "Ayer", dd/MM/yyyy, or the catalogue's invalid-date text. */
  label: string;
  items: T[];
};

/**
 * Groups items by local calendar day, keeping the order in which the items come (groups appear
 * in the order of their first item; items keep their order inside a group). Items whose date
 * cannot be read are gathered under the catalogue's "Fecha inválida" instead of breaking the list.
 */
export function groupByDate<T>(
  items: readonly T[],
  getDate: (item: T) => DateInput,
  now: DateInput = new Date(),
): DateGroup<T>[] {
  const groups = new Map<string, DateGroup<T>>();
  for (const item of items) {
    const date = toDate(getDate(item));
    const valid = isValid(date);
    const key = valid ? toIsoDate(date) : 'invalid';
    let group = groups.get(key);
    if (!group) {
      group = { key, label: valid ? dateGroupLabel(date, now) : es.dates.invalid, items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

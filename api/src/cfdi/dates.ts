// One module per function: date-fns' index loads all ~300 of its modules in Node (decision 009).
import { format } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { es } from 'date-fns/locale/es';
import { parse } from 'date-fns/parse';

/** How CFE writes the dates of a receipt: "31 OCT 25" (Spanish month abbreviations, two-digit year). */
export const CFE_DATE_FORMAT = 'dd MMM yy';

/** Other spellings met in the field: four-digit years and ISO dates. */
const formats = [CFE_DATE_FORMAT, 'dd MMM yyyy', 'd MMM yy', 'yyyy-MM-dd', 'dd/MM/yyyy'];

/**
 * A date of CFE's addenda as yyyy-MM-dd, or null when it is not one. Two-digit years are read in
 * the century closest to `reference` (the CFDI's own date), so "15 ENE 26" on a receipt issued in
 * December 2025 is January 2026.
 */
export function parseCfeDate(text: string | null | undefined, reference: Date): string | null {
  const value = text
    ?.trim()
    .replace(/\s+/g, ' ')
    .replace(/\bSEPT\b/i, 'SEP');
  if (!value) return null;
  for (const pattern of formats) {
    const date = parse(value, pattern, reference, { locale: es });
    if (isValid(date)) return format(date, 'yyyy-MM-dd');
  }
  return null;
}

/** yyyy-MM-dd as CFE writes it on a receipt: "31 OCT 25". */
export function formatCfeDate(isoDate: string): string {
  return format(parse(isoDate, 'yyyy-MM-dd', new Date()), CFE_DATE_FORMAT, { locale: es }).toUpperCase();
}

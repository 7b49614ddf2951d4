import type { Cheerio, CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { type Postback, postbackOf } from './forms';
import type { Page } from './pages';
import type { DocumentFormat, PortalDocument } from './portal';
import { consultationControls, controls, monthAbbreviations, receiptType, rowControls } from './site';

/** "MAY 2026" (or "MAYO 2026") → 2026-05; null when it is not a month. */
export function parseMonth(label: string): string | null {
  const [name, year] = label.trim().toUpperCase().split(/\s+/);
  const month = monthAbbreviations.findIndex((abbreviation) => name?.startsWith(abbreviation));
  if (month < 0 || !year || !/^\d{4}$/.test(year)) return null;
  return `${year}-${String(month + 1).padStart(2, '0')}`;
}

export type GridRow = { document: PortalDocument; targets: Partial<Record<DocumentFormat, Postback>> };

const cells = ($: CheerioAPI, row: Cheerio<Element>) =>
  row
    .find('td')
    .map((_, cell) => $(cell).text().replace(/\s+/g, ' ').trim())
    .get();

/** The column whose header matches, else the fallback position (the sources saw serie, folio, month… type last). */
function column(headers: string[], pattern: RegExp, fallback: number): number {
  const found = headers.findIndex((header) => pattern.test(header));
  return found >= 0 ? found : fallback;
}

/** A row's download postbacks (lnkDescargaPDF, lnkDescargaXML). */
function links(row: Cheerio<Element>) {
  const target = (control: string) => postbackOf(row.find(`a[id*="${control}"]`).first().attr('href'));
  const targets: Partial<Record<DocumentFormat, Postback>> = {};
  const pdf = target(rowControls.pdf);
  const xml = target(rowControls.xml);
  if (pdf) targets.pdf = pdf;
  if (xml) targets.xml = xml;
  return targets;
}

/**
 * OtrasFacturas' gvFacturasUsuario: every row with its series, folio, month, type and download
 * postbacks. Null when the page has no grid.
 */
export function invoiceRows(page: Page): GridRow[] | null {
  const { $ } = page;
  const grid = $(`table[id="${controls.invoices.id}"]`);
  if (grid.length === 0) return null;
  const headers = grid
    .find('tr')
    .first()
    .find('th, td')
    .map((_, cell) => $(cell).text().trim())
    .get();
  const at = {
    series: column(headers, /serie/i, 0),
    folio: column(headers, /folio/i, 1),
    month: column(headers, /mes|periodo/i, 2),
    type: column(headers, /tipo/i, headers.length - 1),
  };
  const rows: GridRow[] = [];
  grid
    .find('tr')
    .slice(1)
    .each((_, element) => {
      const row = $(element);
      const values = cells($, row);
      const month = parseMonth(values[at.month] ?? '');
      const targets = links(row);
      if (!month || !targets.xml) return;
      const formats = (['pdf', 'xml'] as const).filter((format) => targets[format]);
      const type = values[at.type] ?? '';
      rows.push({
        document: {
          series: values[at.series] ?? '',
          folio: values[at.folio] ?? '',
          month,
          type,
          kind: targets.pdf && (type === receiptType || type === '') ? 'receipt' : 'other',
          formats,
        },
        targets,
      });
    });
  return rows;
}

/** The consultation's GVHistorial: the month of each receipt and its download postbacks. Null without a grid. */
export function consultationRows(page: Page): { month: string; targets: GridRow['targets'] }[] | null {
  const { $ } = page;
  const grid = $(`table[id="${consultationControls.history.id}"]`);
  if (grid.length === 0) return null;
  return grid
    .find('tr')
    .slice(1)
    .map((_, element) => {
      const row = $(element);
      const month = cells($, row)
        .map(parseMonth)
        .find((value) => value !== null);
      return month ? { month, targets: links(row) } : null;
    })
    .get()
    .filter((row): row is { month: string; targets: GridRow['targets'] } => row !== null);
}

/** A grid's identity, to tell whether two services' grids are the same rows (a stale grid). */
export const gridKey = (rows: GridRow[]) =>
  rows.map((row) => `${row.document.series}-${row.document.folio}`).join(',');

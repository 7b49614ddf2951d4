import { postback } from './forms';
import { gridKey, invoiceRows } from './grid';
import { connectorMessages } from './messages';
import { type Navigator, navigate, pageOf, StaleGrid, unknownPage } from './navigation';
import { isLoggedInPage, type Page, pageText, says, serviceOptions } from './pages';
import { CfePortalError, type DocumentFormat, type PortalCredential, type PortalFile } from './portal';
import { type InvoicesView, type PortalSession, rowKey } from './session';
import { controls, miEspacioPath, xmlThrottleMarker } from './site';

type During = { during: string; secrets: string[] };

/** Makes the page's drop-down select the service on the server (an AutoPostBack of ddlServicios). */
async function select(
  navigator: Navigator,
  session: PortalSession,
  page: Page,
  serviceNumber: string,
  during: During,
): Promise<Page> {
  const options = serviceOptions(page);
  if (!options) {
    if (isLoggedInPage(page))
      throw new CfePortalError('not_in_account', connectorMessages.notInAccount(serviceNumber));
    throw await unknownPage(navigator, page, during);
  }
  const option = options.find((candidate) => candidate.serviceNumber === serviceNumber);
  if (!option) throw new CfePortalError('not_in_account', connectorMessages.notInAccount(serviceNumber));
  if (option.selected) return page;
  if (!page.form) throw await unknownPage(navigator, page, during);
  const selected = await pageOf(navigator, session, {
    method: 'POST',
    url: page.form.action,
    form: postback(
      page.form,
      { target: controls.services.name, argument: '' },
      { [controls.services.name]: serviceNumber },
    ),
    authenticated: true,
    ...during,
  });
  if (!serviceOptions(selected)?.find((candidate) => candidate.serviceNumber === serviceNumber)?.selected)
    throw await unknownPage(navigator, selected, during);
  return selected;
}

function viewOf(session: PortalSession, serviceNumber: string, page: Page): InvoicesView | null {
  const rows = invoiceRows(page);
  if (!rows) return null;
  const view = {
    serviceNumber,
    page,
    rows: new Map(rows.map((row) => [rowKey(row.document), row])),
  };
  session.invoices = view;
  return view;
}

/**
 * OtrasFacturas for one service: selected first on Default.aspx (the grid follows the service
 * selected on the server), then the grid. The same rows as another service's grid in this
 * session is a stale grid: only a fresh login helps (StaleGrid).
 */
export async function openInvoices(
  navigator: Navigator,
  session: PortalSession,
  serviceNumber: string,
  during: During,
): Promise<InvoicesView> {
  session.invoices = null;
  const home = await pageOf(navigator, session, {
    method: 'GET',
    url: navigator.http.url(miEspacioPath('home')),
    authenticated: true,
    ...during,
  });
  await select(navigator, session, home, serviceNumber, during);
  let page = await pageOf(navigator, session, {
    method: 'GET',
    url: navigator.http.url(miEspacioPath('invoices')),
    authenticated: true,
    ...during,
  });
  if (serviceOptions(page)) page = await select(navigator, session, page, serviceNumber, during);
  const rows = invoiceRows(page);
  if (!rows) throw await unknownPage(navigator, page, during);
  const key = gridKey(rows);
  for (const [other, seen] of session.grids)
    if (other !== serviceNumber && rows.length > 0 && seen === key) throw new StaleGrid();
  session.grids.set(serviceNumber, key);
  return viewOf(session, serviceNumber, page) as InvoicesView;
}

/**
 * A document of the grid: the postback of its link, answered by the file itself. The XML
 * throttle's message comes back as the page instead (its new hidden fields are kept).
 */
export async function download(
  navigator: Navigator,
  session: PortalSession,
  credential: PortalCredential,
  request: { serviceNumber: string; series: string; folio: string; format: DocumentFormat },
  options: { documentOwner: ((xml: Buffer) => readonly string[]) | null },
): Promise<PortalFile> {
  const { serviceNumber, format } = request;
  const name = `${request.series}-${request.folio}`;
  const during = { during: 'download', secrets: [credential.password, credential.cfeUser] };
  let view = session.invoices?.serviceNumber === serviceNumber ? session.invoices : null;
  if (!view?.rows.has(name)) view = await openInvoices(navigator, session, serviceNumber, during);
  const event = view.rows.get(name)?.targets[format];
  if (!event || !view.page.form)
    throw new CfePortalError(
      'document_missing',
      connectorMessages.documentMissing(`${name}.${format}`, serviceNumber),
    );
  const answer = await navigate(navigator, session, {
    method: 'POST',
    url: view.page.form.action,
    form: postback(view.page.form, event),
    authenticated: true,
    ...during,
  });
  if ('file' in answer) {
    // Named <series>-<folio>.xml (REAL-CFE.md); a name with another folio is another row's file.
    const numbers: string[] = answer.file.fileName.match(/\d{6,}/g) ?? [];
    if (numbers.length > 0 && !numbers.includes(request.folio)) {
      session.invoices = null;
      throw await unknownPage(navigator, null, during);
    }
    const owners = format === 'xml' && options.documentOwner ? options.documentOwner(answer.file.body) : [];
    if (owners.length > 0 && !owners.includes(serviceNumber)) {
      // Another service's document: this session's grid is stale; the next try logs in afresh.
      session.restart();
      throw new CfePortalError('stale_grid', connectorMessages.staleGrid(serviceNumber));
    }
    return answer.file;
  }
  if (says(pageText(answer.page), xmlThrottleMarker)) {
    viewOf(session, serviceNumber, answer.page);
    throw new CfePortalError('xml_throttle', connectorMessages.xmlThrottle, {
      retryAfterMs: navigator.throttleBackoffMs,
    });
  }
  session.invoices = null;
  throw await unknownPage(navigator, answer.page, during);
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  controls,
  gridRowControl,
  messages,
  miEspacioPages,
  miEspacioPath,
  rowControls,
} from '../mi-espacio/site';
import { monthLabel, selectedService, serviceDropDown } from './home-page';
import { miEspacioPage, text } from './layout';
import type { Account } from './state';
import {
  antiXsrfToken,
  type ReplicaContext,
  refusePost,
  registerAuthenticatedPage,
  sendAttachment,
  sendHtml,
  type Visit,
} from './visit';
import { postbackHref } from './webforms';

/** What a postback of the grid refers to: the rows as the page showed them (WebForms keeps them in __VIEWSTATE). */
type InvoicesState = { shown: string | null; rows: [series: string, folio: string][] };

const link = (row: number, control: string, label: string) => {
  const { id, name } = gridRowControl(controls.invoices, row, control);
  return { html: `<a id="${id}" href="${postbackHref(name)}">${label}</a>`, postback: `${name}|` };
};

/**
 * OtrasFacturas.aspx: one grid, no pager, the whole history of the service selected on the
 * server, receipts mixed with payment documents and complementary invoices. With stale grids the
 * session keeps showing the first service it showed, whatever is selected later.
 */
function renderInvoices(
  ctx: ReplicaContext,
  visit: Visit,
  account: Account,
  reply: FastifyReply,
  message?: string,
) {
  const path = miEspacioPath('invoices');
  const selected = selectedService(ctx, visit, account);
  if (visit.switches.staleGrid) visit.session.gridService ??= selected;
  const shown = visit.switches.staleGrid ? visit.session.gridService : selected;
  const documents = shown ? (ctx.world.service(shown, visit.switches.historyMonths)?.documents ?? []) : [];
  const dropDown = serviceDropDown(ctx, account, selected);
  const postbacks = [...dropDown.postbacks];
  const rows = documents.map((document, row) => {
    const pdf = document.pdf ? link(row, rowControls.pdf, 'PDF') : null;
    const xml = link(row, rowControls.xml, 'XML');
    postbacks.push(...(pdf ? [pdf.postback] : []), xml.postback);
    return `<tr><td>${text(document.series)}</td><td>${text(document.folio)}</td><td>${monthLabel(document.month)}</td><td>${pdf?.html ?? ''}</td><td>${xml.html}</td><td>${text(document.type)}</td></tr>`;
  });
  const grid = selected
    ? `<table id="${controls.invoices.id}" class="grid" cellspacing="0" rules="all" border="1">
<tr><th scope="col">Serie</th><th scope="col">Folio</th><th scope="col">Mes facturado</th><th scope="col">PDF</th><th scope="col">XML</th><th scope="col">Tipo</th></tr>
${rows.join('\n')}
</table>`
    : `<span id="${controls.noServices.id}">No tienes servicios registrados.</span>`;
  const notice = message
    ? `<div id="ctl00_MainContent_pnlMensaje" class="modal"><span id="${controls.message.id}">${text(message)}</span> <input type="button" value="Aceptar" onclick="this.parentNode.style.display='none'" /></div>`
    : '';
  const state = {
    page: 'invoices',
    antiXsrf: antiXsrfToken(visit, reply),
    username: account.username,
    data: { shown, rows: documents.map((document) => [document.series, document.folio]) } as InvoicesState,
  };
  return sendHtml(
    reply,
    miEspacioPage({
      title: 'Mi Espacio - Otras facturas',
      action: miEspacioPages.invoices,
      leadingFields: ctx.webForms.leadingFields(path, state),
      trailingFields: ctx.webForms.trailingFields(path, { postbacks, values: dropDown.values }),
      content: `<h2>Otras facturas</h2>
<label for="${controls.services.id}">Servicio:</label>
${selected ? dropDown.html : ''}
${notice}
${grid}`,
      loggedIn: true,
    }),
  );
}

/** The XML throttle: after `every` downloads the session is refused for `coolDownMs`, then counts again. */
function throttled(ctx: ReplicaContext, visit: Visit): boolean {
  const throttle = visit.switches.xmlThrottle;
  if (!throttle) return false;
  const { session } = visit;
  if (session.throttledUntil !== null) {
    if (ctx.now() < session.throttledUntil) return true;
    session.throttledUntil = null;
    session.xmlDownloads = 0;
  }
  if (session.xmlDownloads < throttle.every) return false;
  session.throttledUntil = ctx.now() + throttle.coolDownMs;
  return true;
}

export function registerInvoicesPage(app: FastifyInstance, ctx: ReplicaContext) {
  registerAuthenticatedPage<InvoicesState>(app, ctx, 'invoices', {
    render: (visit, account, reply) => renderInvoices(ctx, visit, account, reply),
    post: async (visit, account, reply, post) => {
      const { target } = post.event;
      if (target === controls.services.name) {
        visit.session.selectedService = String(visit.body[controls.services.name]);
        return renderInvoices(ctx, visit, account, reply);
      }
      const { shown, rows } = post.state.data;
      const row = rows.findIndex((_, index) =>
        [rowControls.pdf, rowControls.xml].some(
          (control) => gridRowControl(controls.invoices, index, control).name === target,
        ),
      );
      const [series, folio] = rows[row] ?? [];
      const document = shown
        ? ctx.world
            .service(shown, visit.switches.historyMonths)
            ?.documents.find((item) => item.series === series && item.folio === folio)
        : undefined;
      if (!document) return refusePost(reply);
      if (target.endsWith(rowControls.pdf) && document.pdf) {
        ctx.state.stats.downloads.pdf += 1;
        return sendAttachment(reply, `${series}-${folio}.pdf`, 'application/pdf', await document.pdf());
      }
      if (throttled(ctx, visit)) {
        ctx.state.stats.xmlThrottled += 1;
        return renderInvoices(ctx, visit, account, reply, messages.xmlThrottle);
      }
      visit.session.xmlDownloads += 1;
      ctx.state.stats.downloads.xml += 1;
      return sendAttachment(reply, `${series}-${folio}.xml`, 'text/xml', document.xml());
    },
  });
}

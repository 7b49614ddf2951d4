import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  controls,
  gridRowControl,
  miEspacioPages,
  miEspacioPath,
  monthAbbreviations,
  rowControls,
} from '../mi-espacio/site';
import { miEspacioPage, text } from './layout';
import type { Account } from './state';
import {
  antiXsrfToken,
  type ReplicaContext,
  refusePost,
  registerAuthenticatedPage,
  sendHtml,
  type Visit,
  visibleServices,
} from './visit';

/** "MAY 2026" from 2026-05, as CFE's grids write a month. */
export const monthLabel = (month: string) =>
  `${monthAbbreviations[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The service selected on the server, falling back to the primary one when it left the drop-down. */
export function selectedService(ctx: ReplicaContext, visit: Visit, account: Account): string | null {
  const services = visibleServices(ctx, account);
  if (!services.some((service) => service.serviceNumber === visit.session.selectedService))
    visit.session.selectedService = services[0]?.serviceNumber ?? null;
  return visit.session.selectedService;
}

/** ddlServicios: value = service number, text = alias and number; it posts back on change. */
export function serviceDropDown(ctx: ReplicaContext, account: Account, selected: string | null) {
  const services = visibleServices(ctx, account);
  const options = services
    .map(
      (service) =>
        `<option${service.serviceNumber === selected ? ' selected="selected"' : ''} value="${service.serviceNumber}">${text(`${service.alias} - ${service.serviceNumber}`)}</option>`,
    )
    .join('\n');
  const html = `<select name="${controls.services.name}" onchange="javascript:setTimeout('__doPostBack(\\'${controls.services.name}\\',\\'\\')', 0)" id="${controls.services.id}">
${options}
</select>`;
  return {
    html,
    postbacks: [`${controls.services.name}|`],
    values: services.map((service) => `${controls.services.name}=${service.serviceNumber}`),
  };
}

/** Default.aspx: the drop-down and a short receipt history of the selected service. */
export function renderHome(ctx: ReplicaContext, visit: Visit, account: Account, reply: FastifyReply) {
  const path = miEspacioPath('home');
  const selected = selectedService(ctx, visit, account);
  const dropDown = serviceDropDown(ctx, account, selected);
  const receipts = (
    selected ? (ctx.world.service(selected, visit.switches.historyMonths)?.documents ?? []) : []
  )
    .filter((document) => document.kind === 'receipt')
    .slice(0, 6);
  const more = gridRowControl(controls.history, 0, rowControls.moreInvoices);
  const rows = receipts
    .map(
      (receipt, index) =>
        `<tr><td>${monthLabel(receipt.month)}</td><td>$${text(receipt.totalToPay ?? 0)}</td><td>${
          index === 0 ? `<a id="${more.id}" href="${miEspacioPages.invoices}">Otras facturas</a>` : ''
        }</td></tr>`,
    )
    .join('\n');
  const content = selected
    ? `<label for="${controls.services.id}">Servicio:</label>
${dropDown.html}
<table id="${controls.history.id}" class="grid" cellspacing="0" rules="all" border="1">
<tr><th scope="col">Periodo</th><th scope="col">Total a pagar</th><th scope="col">&nbsp;</th></tr>
${rows}
</table>`
    : `<span id="${controls.noServices.id}">No tienes servicios registrados. <a href="${miEspacioPages.addService}">Agrega un servicio</a>.</span>`;
  const state = {
    page: 'home',
    antiXsrf: antiXsrfToken(visit, reply),
    username: account.username,
    data: { selected },
  };
  return sendHtml(
    reply,
    miEspacioPage({
      title: 'Mi Espacio - Inicio',
      action: miEspacioPages.home,
      leadingFields: ctx.webForms.leadingFields(path, state),
      trailingFields: ctx.webForms.trailingFields(path, {
        postbacks: dropDown.postbacks,
        values: dropDown.values,
      }),
      content,
      loggedIn: true,
    }),
  );
}

export function registerHomePage(app: FastifyInstance, ctx: ReplicaContext) {
  registerAuthenticatedPage(app, ctx, 'home', {
    render: (visit, account, reply) => renderHome(ctx, visit, account, reply),
    post: (visit, account, reply, post) => {
      if (post.event.target !== controls.services.name) return refusePost(reply);
      visit.session.selectedService = String(visit.body[controls.services.name]);
      return renderHome(ctx, visit, account, reply);
    },
  });
}

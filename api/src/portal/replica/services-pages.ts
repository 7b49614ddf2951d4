import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  controls,
  gridRowControl,
  messages,
  miEspacioPages,
  miEspacioPath,
  rowControls,
} from '../mi-espacio/site';
import { attribute, miEspacioPage, text } from './layout';
import type { Account } from './state';
import {
  antiXsrfToken,
  type ReplicaContext,
  refusePost,
  registerAuthenticatedPage,
  sendHtml,
  type Visit,
} from './visit';
import { postbackHref } from './webforms';

/** CFE compares the holder's name as it has it: case and repeated spaces aside, letter for letter. */
export const sameHolderName = (given: string, holder: string) => {
  const normal = (value: string) => value.trim().replace(/\s+/g, ' ').toLocaleUpperCase('es-MX');
  return normal(given) === normal(holder);
};

type ServicesState = { rows: string[]; confirming: string | null };

/** AdministrarServicios.aspx: gvServicios with delete links, or lblNoRegistros when the account has none. */
function renderServices(
  ctx: ReplicaContext,
  visit: Visit,
  account: Account,
  reply: FastifyReply,
  options: { confirming?: string; message?: string } = {},
) {
  const path = miEspacioPath('services');
  const postbacks: string[] = [];
  const rows = account.services.map((service, row) => {
    const remove = gridRowControl(controls.serviceGrid, row, rowControls.deleteService);
    postbacks.push(`${remove.name}|`);
    return `<tr><td>${service.serviceNumber}</td><td>${text(service.alias)}</td><td><a id="${remove.id}" href="${postbackHref(remove.name)}">Eliminar</a></td></tr>`;
  });
  const list = rows.length
    ? `<table id="${controls.serviceGrid.id}" class="grid" cellspacing="0" rules="all" border="1">
<tr><th scope="col">Número de servicio</th><th scope="col">Nombre corto</th><th scope="col">&nbsp;</th></tr>
${rows.join('\n')}
</table>`
    : `<span id="${controls.noServices.id}">No hay servicios registrados.</span>
<table id="ctl00_MainContent_DLPaginas" cellspacing="0"><tr><td></td></tr></table>`;
  const confirm = options.confirming
    ? `<div id="ctl00_MainContent_pnlConfirmar"><span>¿Deseas eliminar el servicio ${options.confirming}?</span>
<input type="submit" name="${controls.deleteConfirm.name}" value="Eliminar" id="${controls.deleteConfirm.id}" /></div>`
    : '';
  const state = {
    page: 'services',
    antiXsrf: antiXsrfToken(visit, reply),
    username: account.username,
    data: {
      rows: account.services.map((service) => service.serviceNumber),
      confirming: options.confirming ?? null,
    } satisfies ServicesState,
  };
  return sendHtml(
    reply,
    miEspacioPage({
      title: 'Mi Espacio - Administrar servicios',
      action: miEspacioPages.services,
      leadingFields: ctx.webForms.leadingFields(path, state),
      trailingFields: ctx.webForms.trailingFields(path, {
        postbacks,
        buttons: options.confirming ? [`${controls.deleteConfirm.name}=Eliminar`] : [],
      }),
      content: `<h2>Administrar servicios</h2>
<span id="${controls.message.id}">${text(options.message ?? '')}</span>
${confirm}
${list}`,
      loggedIn: true,
    }),
  );
}

type AddForm = { serviceNumber: string; holderName: string; totalToPay: string; alias: string };

/** AgregarServicio.aspx: the form, answered by the same page with its message. */
function renderAddService(
  ctx: ReplicaContext,
  visit: Visit,
  account: Account,
  reply: FastifyReply,
  options: { message?: string; form?: AddForm } = {},
) {
  const path = miEspacioPath('addService');
  const field = (control: { name: string; id: string }, label: string, value = '') =>
    `<label for="${control.id}">${text(label)}</label>
<input name="${control.name}" type="text" value="${attribute(value)}" id="${control.id}" />`;
  const { form } = options;
  const state = {
    page: 'addService',
    antiXsrf: antiXsrfToken(visit, reply),
    username: account.username,
    data: {},
  };
  return sendHtml(
    reply,
    miEspacioPage({
      title: 'Mi Espacio - Agregar servicio',
      action: miEspacioPages.addService,
      leadingFields: ctx.webForms.leadingFields(path, state),
      trailingFields: ctx.webForms.trailingFields(path, { buttons: [`${controls.saveButton.name}=Guardar`] }),
      content: `<h2>Agregar servicio</h2>
${field(controls.serviceNumber, 'NÚMERO DE SERVICIO', form?.serviceNumber)}
${field(controls.holderName, 'NOMBRE DEL SERVICIO', form?.holderName)}
${field(controls.totalToPay, 'TOTAL A PAGAR (SIN DECIMALES)', form?.totalToPay)}
${field(controls.alias, 'NOMBRE CORTO', form?.alias)}
<input type="submit" name="${controls.saveButton.name}" value="Guardar" id="${controls.saveButton.id}" />
<span id="${controls.message.id}">${text(options.message ?? '')}</span>`,
      loggedIn: true,
    }),
  );
}

/**
 * AgregarServicio's rules: the holder's name as CFE has it, and the whole-peso total to pay
 * (IMPTOTAL) of the last or second-to-last receipt, digits only.
 */
function addService(ctx: ReplicaContext, visit: Visit, account: Account, form: AddForm): string {
  if (!form.serviceNumber || !form.holderName || !form.totalToPay) return messages.requiredFields;
  const service = ctx.world.service(form.serviceNumber);
  if (!service) return messages.unknownService;
  if (account.services.some((linked) => linked.serviceNumber === form.serviceNumber))
    return messages.alreadyAdded;
  const cap = visit.switches.serviceCap;
  if (cap !== null && account.services.length >= cap) return messages.serviceLimit;
  if (!sameHolderName(form.holderName, service.holderName)) return messages.nameMismatch;
  const recent = service.documents
    .filter((document) => document.kind === 'receipt')
    .slice(0, 2)
    .map((receipt) => receipt.totalToPay);
  if (!/^\d+$/.test(form.totalToPay) || !recent.includes(Number(form.totalToPay))) return messages.wrongTotal;
  account.services.push({
    serviceNumber: form.serviceNumber,
    alias: (form.alias || form.serviceNumber).toLocaleUpperCase('es-MX'),
    visibleAt: ctx.now() + visit.switches.linkVisibleAfterMs,
  });
  return messages.serviceAdded;
}

export function registerServicesPages(app: FastifyInstance, ctx: ReplicaContext) {
  registerAuthenticatedPage<ServicesState>(app, ctx, 'services', {
    render: (visit, account, reply) => renderServices(ctx, visit, account, reply),
    post: (visit, account, reply, post) => {
      const { rows, confirming } = post.state.data;
      if (!post.event.target && confirming) {
        account.services = account.services.filter((service) => service.serviceNumber !== confirming);
        return renderServices(ctx, visit, account, reply, { message: 'El servicio fue eliminado.' });
      }
      const row = rows.findIndex(
        (_, index) =>
          gridRowControl(controls.serviceGrid, index, rowControls.deleteService).name === post.event.target,
      );
      const serviceNumber = rows[row];
      if (!serviceNumber) return refusePost(reply);
      return renderServices(ctx, visit, account, reply, { confirming: serviceNumber });
    },
  });

  registerAuthenticatedPage(app, ctx, 'addService', {
    render: (visit, account, reply) => renderAddService(ctx, visit, account, reply),
    post: (visit, account, reply) => {
      const value = (control: { name: string }) => String(visit.body[control.name] ?? '').trim();
      const form: AddForm = {
        serviceNumber: value(controls.serviceNumber),
        holderName: value(controls.holderName),
        totalToPay: value(controls.totalToPay),
        alias: value(controls.alias),
      };
      const message = addService(ctx, visit, account, form);
      return renderAddService(ctx, visit, account, reply, {
        message,
        ...(message === messages.serviceAdded ? {} : { form }),
      });
    },
  });
}

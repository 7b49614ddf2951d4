import type { FastifyInstance, FastifyReply } from 'fastify';
import { consultationPath, consultationControls as fields, messages } from '../mi-espacio/site';
import { asksCaptcha } from './captcha';
import { monthLabel } from './home-page';
import { attribute, consultationPage, text } from './layout';
import { sameHolderName } from './services-pages';
import {
  captchaSolved,
  newCaptcha,
  openVisit,
  type ReplicaContext,
  refusePost,
  sendAttachment,
  sendCaptchaImage,
  sendHtml,
  type Visit,
} from './visit';
import { postbackHref } from './webforms';

const captchaImagePath = '/Aplicaciones/CCFE/ReciboDeLuzGMX/Captcha.ashx';

type Query = { serviceNumber: string; holderName: string };

type ConsultationState =
  | { step: 'form' }
  | ({ step: 'captcha' } & Query)
  | { step: 'grid'; serviceNumber: string; rows: [series: string, folio: string][] };

/** Row links of the consultation's GVHistorial (ASP.NET 4 ids MainContent_GVHistorial_x_N). */
const rowLink = (row: number, control: 'lnkDescargaPDF' | 'lnkDescargaXML') => ({
  id: `${fields.history.id}_${control}_${row}`,
  name: `${fields.history.name}$ctl${String(row + 2).padStart(2, '0')}$${control}`,
});

const input = (control: { name: string; id: string }, label: string, value = '') =>
  `<label for="${control.id}">${text(label)}</label>
<input name="${control.name}" type="text" value="${attribute(value)}" id="${control.id}" />`;

/**
 * "Consulta tu recibo": holder's name (exactly as CFE has it) and service number, then maybe an
 * image CAPTCHA, then the latest receipts with their PDF and XML.
 */
function render(
  ctx: ReplicaContext,
  visit: Visit,
  reply: FastifyReply,
  state: ConsultationState,
  options: { message?: string; query?: Query } = {},
) {
  let content: string;
  const allowed: { postbacks: string[]; buttons: string[] } = { postbacks: [], buttons: [] };
  if (state.step === 'grid') {
    const documents = ctx.world.service(state.serviceNumber)?.documents ?? [];
    const rows = state.rows.map(([series, folio], row) => {
      const month = documents.find((item) => item.series === series && item.folio === folio)?.month ?? '';
      const pdf = rowLink(row, 'lnkDescargaPDF');
      const xml = rowLink(row, 'lnkDescargaXML');
      allowed.postbacks.push(`${pdf.name}|`, `${xml.name}|`);
      return `<tr><td>${monthLabel(month)}</td><td><a id="${pdf.id}" href="${postbackHref(pdf.name)}">PDF</a></td><td><a id="${xml.id}" href="${postbackHref(xml.name)}">XML</a></td></tr>`;
    });
    content = `<p>Número de servicio: ${state.serviceNumber}</p>
<table id="${fields.history.id}" class="table" cellspacing="0" rules="all" border="1">
<tr><th scope="col">Periodo</th><th scope="col">PDF</th><th scope="col">XML</th></tr>
${rows.join('\n')}
</table>`;
  } else if (state.step === 'captcha') {
    allowed.buttons.push(`${fields.captchaButton.name}=Validar`);
    content = `<img id="${fields.captchaImage.id}" src="${attribute(newCaptcha(ctx, visit, captchaImagePath))}" alt="Captcha" />
${input(fields.captcha, 'Escribe los caracteres de la imagen')}
<input type="submit" name="${fields.captchaButton.name}" value="Validar" id="${fields.captchaButton.id}" />`;
  } else {
    allowed.buttons.push(`${fields.continueButton.name}=Continuar`);
    const query = options.query;
    content = `${input(fields.holderName, 'Nombre del titular *', query?.holderName)}
${input(fields.serviceNumber, 'Número de servicio *', query?.serviceNumber)}
${input(fields.areaCode, 'Lada')}
${input(fields.phone, 'Teléfono')}
${input(fields.mobile, 'Celular')}
${input(fields.email, 'Correo electrónico')}
<input type="submit" name="${fields.continueButton.name}" value="Continuar" id="${fields.continueButton.id}" />`;
  }
  const pageState = { page: 'consultation', antiXsrf: null, username: null, data: state };
  return sendHtml(
    reply,
    consultationPage({
      leadingFields: ctx.webForms.leadingFields(consultationPath, pageState),
      trailingFields: ctx.webForms.trailingFields(consultationPath, allowed),
      content: `<span id="${fields.message.id}" class="text-danger">${text(options.message ?? '')}</span>
${content}`,
    }),
  );
}

function grid(ctx: ReplicaContext, serviceNumber: string): ConsultationState {
  const receipts = (ctx.world.service(serviceNumber)?.documents ?? [])
    .filter((document) => document.kind === 'receipt')
    .slice(0, ctx.consultationReceipts);
  return { step: 'grid', serviceNumber, rows: receipts.map((receipt) => [receipt.series, receipt.folio]) };
}

export function registerConsultationPage(app: FastifyInstance, ctx: ReplicaContext) {
  app.get(consultationPath, async (request, reply) =>
    render(ctx, openVisit(ctx, request, reply), reply, { step: 'form' }),
  );

  app.get(captchaImagePath, async (request, reply) =>
    sendCaptchaImage(openVisit(ctx, request, reply), reply),
  );

  app.post(consultationPath, async (request, reply) => {
    const visit = openVisit(ctx, request, reply);
    const post = ctx.webForms.read<ConsultationState>(consultationPath, visit.body, {
      page: 'consultation',
      antiXsrf: null,
      username: null,
    });
    if (!post) return refusePost(reply);
    const state = post.state.data;
    const value = (control: { name: string }) => String(visit.body[control.name] ?? '').trim();
    if (state.step === 'form') {
      const query = { holderName: value(fields.holderName), serviceNumber: value(fields.serviceNumber) };
      const form: ConsultationState = { step: 'form' };
      if (!query.holderName || !query.serviceNumber)
        return render(ctx, visit, reply, form, { message: messages.requiredFields, query });
      const service = ctx.world.service(query.serviceNumber);
      if (!service || service.consultationMissing)
        return render(ctx, visit, reply, form, { message: messages.noReceipts, query });
      if (!sameHolderName(query.holderName, service.holderName))
        return render(ctx, visit, reply, form, { message: messages.nameMismatch, query });
      if (asksCaptcha(visit.switches.consultationCaptcha, `${visit.session.id}:${query.serviceNumber}`))
        return render(ctx, visit, reply, { step: 'captcha', ...query });
      return render(ctx, visit, reply, grid(ctx, query.serviceNumber));
    }
    if (state.step === 'captcha') {
      if (!captchaSolved(ctx, visit, visit.body[fields.captcha.name]))
        return render(ctx, visit, reply, state, { message: messages.captchaRefused });
      visit.session.captcha = null;
      return render(ctx, visit, reply, grid(ctx, state.serviceNumber));
    }
    const row = state.rows.findIndex((_, index) =>
      (['lnkDescargaPDF', 'lnkDescargaXML'] as const).some(
        (control) => rowLink(index, control).name === post.event.target,
      ),
    );
    const [series, folio] = state.rows[row] ?? [];
    const document = ctx.world
      .service(state.serviceNumber)
      ?.documents.find((item) => item.series === series && item.folio === folio);
    if (!document?.pdf) return refusePost(reply);
    if (post.event.target.endsWith('lnkDescargaPDF'))
      return sendAttachment(reply, `${series}-${folio}.pdf`, 'application/pdf', await document.pdf());
    return sendAttachment(reply, `${series}-${folio}.xml`, 'text/xml', document.xml());
  });
}

import { escapeAttribute, escapeText } from 'entities';
import { formId, messages, miEspacioPages } from '../mi-espacio/site';

/** HTML text, escaped. */
export const text = (value: string | number) => escapeText(String(value));

/** An attribute's value, escaped. */
export const attribute = (value: string | number) => escapeAttribute(String(value));

/**
 * Mi Espacio's master page: the form `aspnetForm` around the content, with WebForms' hidden
 * fields before and after it and, once logged in, the menu.
 */
export function miEspacioPage(options: {
  title: string;
  action: string;
  leadingFields: string;
  trailingFields: string;
  content: string;
  loggedIn: boolean;
}): string {
  const menu = options.loggedIn
    ? `<ul id="menu">
  <li><a href="${miEspacioPages.home}">Inicio Consultar Recibo</a></li>
  <li><a href="${miEspacioPages.services}">Administrar servicios</a></li>
  <li><a href="${miEspacioPages.addService}">Agregar servicio</a></li>
  <li><a href="${miEspacioPages.login}?salir=1">Cerrar sesión</a></li>
</ul>`
    : '';
  return webFormsDocument({
    title: options.title,
    form: { action: options.action, id: formId },
    leadingFields: options.leadingFields,
    trailingFields: options.trailingFields,
    body: `<div id="encabezado"><span class="marca">CFE</span> <span>Mi Espacio</span></div>
${menu}
<div id="contenido">
${options.content}
</div>`,
  });
}

/** "Consulta tu recibo" master page (ASP.NET 4 template: the form has no id of its own, ctl01). */
export function consultationPage(options: {
  leadingFields: string;
  trailingFields: string;
  content: string;
}): string {
  return webFormsDocument({
    title: 'Consulta tu recibo - CFE',
    form: { action: 'Consulta', id: 'ctl01' },
    leadingFields: options.leadingFields,
    trailingFields: options.trailingFields,
    body: `<div class="container body-content">
<h2>Consulta tu recibo de luz</h2>
${options.content}
</div>`,
  });
}

/** A WebForms page: one form posting to itself, hidden fields before and after its controls. */
function webFormsDocument(options: {
  title: string;
  form: { action: string; id: string };
  leadingFields: string;
  trailingFields: string;
  body: string;
}): string {
  return `<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="es">
<head><meta charset="utf-8" /><title>${text(options.title)}</title></head>
<body>
<form method="post" action="./${options.form.action}" id="${options.form.id}">
${options.leadingFields}
${options.body}
${options.trailingFields}
</form>
</body>
</html>
`;
}

/** What a refused post (hidden fields missing or altered, anti-forgery failed) shows, with status 200. */
export const serverErrorPage = () => `<!DOCTYPE html>
<html lang="es">
<head><meta charset="utf-8" /><title>Error</title></head>
<body>
<div id="error"><h2>Error</h2><p>${text(messages.serverError)}</p></div>
</body>
</html>
`;

/** Imperva/Incapsula's refusal page (REAL-CFE.md §1). */
export const firewallPage = (incident: string) =>
  `<html style="height:100%"><head><meta name="robots" content="noindex, nofollow"><meta name="format-detection" content="telephone=no"><meta name="viewport" content="initial-scale=1.0"></head><body style="margin:0px;height:100%"><iframe id="main-iframe" src="/_Incapsula_Resource?SWUDNSAI=31&xinfo=8-12345678-0%200NNN%20RT&incident_id=${incident}&edet=12" frameborder=0 width="100%" height="100%" marginheight="0px" marginwidth="0px">Request unsuccessful. Incapsula incident ID: ${incident}</iframe></body></html>`;

/** An outage as a web server shows it (status 503). */
export const outagePage = () =>
  '<!DOCTYPE html><html><head><title>Service Unavailable</title></head><body><h2>Service Unavailable</h2><p>HTTP Error 503. The service is unavailable.</p></body></html>';

import type { CheerioAPI } from 'cheerio';

/**
 * A WebForms form as a browser would submit it: where it posts and its successful controls (the
 * hidden fields __VIEWSTATE, __VIEWSTATEGENERATOR, __VIEWSTATEENCRYPTED, __EVENTVALIDATION and
 * the rest, text boxes and chosen options), which every post sends back unchanged.
 */
export type WebForm = { action: URL; fields: [string, string][] };

/** The page's form (the first with __VIEWSTATE), or null when the page has none. */
export function readForm($: CheerioAPI, pageUrl: URL): WebForm | null {
  const form = $('form')
    .filter((_, element) => $(element).find('input[name="__VIEWSTATE"]').length > 0)
    .first();
  if (form.length === 0) return null;
  const fields: [string, string][] = [];
  form.find('input, select, textarea').each((_, element) => {
    const control = $(element);
    const name = control.attr('name');
    if (!name || control.is('[disabled]')) return;
    const tag = element.tagName.toLowerCase();
    if (tag === 'select') {
      const chosen = control.find('option[selected]').first();
      const option = chosen.length ? chosen : control.find('option').first();
      if (option.length) fields.push([name, option.attr('value') ?? option.text()]);
      return;
    }
    if (tag === 'textarea') {
      fields.push([name, control.text()]);
      return;
    }
    const type = (control.attr('type') ?? 'text').toLowerCase();
    if (['submit', 'button', 'image', 'reset', 'file'].includes(type)) return;
    if ((type === 'checkbox' || type === 'radio') && !control.is('[checked]')) return;
    fields.push([name, control.attr('value') ?? '']);
  });
  return { action: new URL(form.attr('action') ?? '', pageUrl), fields };
}

/** The form's fields with some set (text boxes, choices, the clicked button or the postback's event). */
export function formBody(form: WebForm, values: Record<string, string>): URLSearchParams {
  const body = new URLSearchParams();
  const set = new Set(Object.keys(values));
  for (const [name, value] of form.fields) if (!set.has(name)) body.append(name, value);
  for (const [name, value] of Object.entries(values)) body.append(name, value);
  return body;
}

/** What `__doPostBack(target, argument)` posts: the whole form with the event set. */
export const postback = (form: WebForm, event: Postback, values: Record<string, string> = {}) =>
  formBody(form, { ...values, __EVENTTARGET: event.target, __EVENTARGUMENT: event.argument });

export type Postback = { target: string; argument: string };

/**
 * The event of a WebForms postback link, `javascript:__doPostBack('target','argument')` (a
 * JavaScript call in an attribute, read as such; the HTML itself is parsed by cheerio).
 */
export function postbackOf(href: string | undefined): Postback | null {
  const call = href?.trim().match(/^javascript:\s*__doPostBack\(\s*'([^']*)'\s*,\s*'([^']*)'\s*\)\s*;?$/);
  return call ? { target: call[1] ?? '', argument: call[2] ?? '' } : null;
}

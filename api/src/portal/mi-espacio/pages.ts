import { type CheerioAPI, load } from 'cheerio';
import { readForm, type WebForm } from './forms';
import type { Answer } from './http';
import type { PortalFile } from './portal';
import { controls, firewallMarkers } from './site';

/** What the portal answered, read from the answer itself: CFE answers 200 to everything. */
export type Reading =
  | { kind: 'file'; file: PortalFile }
  | { kind: 'firewall'; empty: boolean }
  | { kind: 'outage'; status: number }
  | { kind: 'page'; page: Page };

/** An HTML page of the portal, parsed. */
export type Page = { url: URL; $: CheerioAPI; form: WebForm | null; html: string };

export function readAnswer(answer: Answer): Reading {
  if (answer.attachment !== null && answer.status < 400)
    return {
      kind: 'file',
      file: { fileName: answer.attachment, contentType: answer.contentType, body: answer.body },
    };
  const html = answer.body.toString('utf8');
  if (html.trim() === '') return { kind: 'firewall', empty: true };
  const $ = load(html);
  const text = `${$('title').text()} ${$('body').text()}`;
  const frames = $('iframe')
    .map((_, frame) => $(frame).attr('src') ?? '')
    .get()
    .join(' ');
  if (firewallMarkers.some((marker) => text.includes(marker) || frames.includes(marker)))
    return { kind: 'firewall', empty: false };
  if (answer.status >= 500) return { kind: 'outage', status: answer.status };
  return { kind: 'page', page: { url: answer.url, $, form: readForm($, answer.url), html } };
}

const byId = ($: CheerioAPI, id: string) => $(`[id="${id}"]`);

/** Text of an element, spaces collapsed. */
const clean = (value: string) => value.replace(/\s+/g, ' ').trim();

/** The login form: user and password boxes (wherever it is shown: an ended session shows it too). */
export const isLoginPage = (page: Page) =>
  page.$(`input[name="${controls.user.name}"]`).length > 0 &&
  page.$(`input[name="${controls.password.name}"]`).length > 0;

/** The reason of a refused login: the span whose id contains lblError. */
export const loginError = (page: Page) => clean(page.$('span[id*="lblError"]').first().text());

/** The CAPTCHA image's address, when the page shows one (an img whose id contains Captcha, or Imagemanual). */
export function captchaImage(page: Page): URL | null {
  const image = page.$('img[id*="Captcha"], img[id*="captcha"], img[id$="Imagemanual"]').first();
  const src = image.attr('src');
  return src ? new URL(src, page.url) : null;
}

/** Whether a login error is about the CAPTCHA rather than the password (wording assumed). */
export const aboutCaptcha = (error: string) => /captcha|c[oó]digo|imagen|caracteres/i.test(error);

/** Everything the page says to the user: its labels of messages and errors, and its body's text. */
export const pageText = (page: Page) => clean(page.$('body').text());

/** The message label of a form page (AgregarServicio, OtrasFacturas, the consultation). */
export const pageMessage = (page: Page) =>
  clean(page.$('span[id$="lblMensaje"], span[id*="lblError"], .text-danger').text());

export type ServiceOption = { serviceNumber: string; alias: string; selected: boolean };

/** ddlServicios: value = service number, text = "alias - number". Null when the page has no drop-down. */
export function serviceOptions(page: Page): ServiceOption[] | null {
  const select = byId(page.$, controls.services.id);
  if (select.length === 0) return null;
  const options = select.find('option');
  const chosen = options.filter('[selected]').first().attr('value') ?? options.first().attr('value');
  return options
    .map((_, element) => {
      const option = page.$(element);
      const serviceNumber = clean(option.attr('value') ?? '');
      const label = clean(option.text());
      const alias = label.endsWith(serviceNumber)
        ? label.slice(0, -serviceNumber.length).replace(/[\s-]+$/, '')
        : label;
      return { serviceNumber, alias, selected: option.attr('value') === chosen };
    })
    .get()
    .filter((option) => /^\d{6,16}$/.test(option.serviceNumber));
}

/** A logged-in page of Mi Espacio: the menu's "Cerrar sesión", the drop-down or the empty-account label. */
export const isLoggedInPage = (page: Page) =>
  !isLoginPage(page) &&
  (byId(page.$, controls.services.id).length > 0 ||
    byId(page.$, controls.noServices.id).length > 0 ||
    page.$('a[href*="salir"], a:contains("Cerrar sesión")').length > 0);

/** AdministrarServicios: the registered services, or [] when lblNoRegistros says there are none; null when unreadable. */
export function registeredServices(page: Page): string[] | null {
  const grid = byId(page.$, controls.serviceGrid.id);
  if (grid.length === 0) return byId(page.$, controls.noServices.id).length > 0 ? [] : null;
  return grid
    .find('tr')
    .slice(1)
    .map((_, row) => clean(page.$(row).find('td').first().text()))
    .get()
    .filter((value) => value !== '');
}

const plain = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Whether a text says a phrase, whatever its accents and case (CFE's texts arrive with broken accents). */
export const says = (text: string, phrase: string) => plain(text).includes(plain(phrase));

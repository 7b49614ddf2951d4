import { readFileSync } from 'node:fs';
import { redactPage } from './diagnostics';
import { formBody, postbackOf, readForm } from './forms';
import { consultationRows, invoiceRows, parseMonth } from './grid';
import type { Answer } from './http';
import {
  captchaImage,
  isLoggedInPage,
  isLoginPage,
  loginError,
  type Page,
  pageText,
  readAnswer,
  registeredServices,
  says,
  serviceOptions,
} from './pages';
import { messages, xmlThrottleMarker } from './site';

/** Pages written by hand to REAL-CFE.md §1–2 (not by the replica), answered as CFE answers: 200. */
const base = new URL('https://app.cfe.mx/Aplicaciones/CCFE/MiEspacio/Default.aspx');

const answer = (body: string, extra: Partial<Answer> = {}): Answer => ({
  url: base,
  status: 200,
  contentType: 'text/html; charset=utf-8',
  attachment: null,
  body: Buffer.from(body, 'utf8'),
  ...extra,
});

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function page(name: string): Page {
  const reading = readAnswer(answer(fixture(name)));
  if (reading.kind !== 'page') throw new Error(`${name} is not a page`);
  return reading.page;
}

test('a refused login: the form, lblError and the CAPTCHA image', () => {
  const login = page('login-refused.html');
  expect(isLoginPage(login)).toBe(true);
  expect(isLoggedInPage(login)).toBe(false);
  expect(loginError(login)).toBe('Usuario o contraseña incorrectos');
  expect(captchaImage(login)?.href).toBe(
    'https://app.cfe.mx/Aplicaciones/CCFE/Captcha/CaptchaImage.axd?guid=6c1d2e0f-3b1a-4c55-9d8e-1f2a3b4c5d6e',
  );
  const form = readForm(login.$, login.url);
  expect(form?.action.href).toBe(
    'https://app.cfe.mx/Aplicaciones/CCFE/MiEspacio/Login.aspx?ReturnUrl=%2fAplicaciones%2fCCFE%2fMiEspacio%2fDefault.aspx',
  );
  const names = form?.fields.map(([name]) => name);
  expect(names).toEqual([
    '__EVENTTARGET',
    '__EVENTARGUMENT',
    '__VIEWSTATE',
    '__VIEWSTATEGENERATOR',
    '__VIEWSTATEENCRYPTED',
    '__EVENTVALIDATION',
    'ctl00$MainContent$txtUsuario',
    'ctl00$MainContent$txtPassword',
    'ctl00$MainContent$txtCaptcha',
  ]);
});

test('the hidden fields go back unchanged with the values set and the clicked button', () => {
  const login = page('login-refused.html');
  const form = readForm(login.$, login.url);
  if (!form) throw new Error('no form');
  const body = formBody(form, {
    ctl00$MainContent$txtUsuario: 'ana.lopez',
    ctl00$MainContent$txtPassword: 'secreta',
    ctl00$MainContent$btnIngresar: 'Ingresar',
  });
  expect(body.get('__VIEWSTATE')).toBe(login.$('#__VIEWSTATE').attr('value'));
  expect(body.get('__EVENTVALIDATION')).toBe('/wEdAAXkGxLy0Qb1rJ3g1n3e0V+5');
  expect(body.get('__VIEWSTATEENCRYPTED')).toBe('');
  expect(body.getAll('ctl00$MainContent$txtUsuario')).toEqual(['ana.lopez']);
  expect(body.get('ctl00$MainContent$btnIngresar')).toBe('Ingresar');
});

test('Default.aspx: the services drop-down (number and alias) and the chosen one', () => {
  const home = page('default.html');
  expect(isLoginPage(home)).toBe(false);
  expect(isLoggedInPage(home)).toBe(true);
  expect(serviceOptions(home)).toEqual([
    { serviceNumber: '679220758161', alias: 'ALIMENTOS Y FRANQ', selected: false },
    { serviceNumber: '671071116338', alias: 'ALIM Y FRANQ DE', selected: true },
  ]);
  // A browser posts the chosen option and never an unclicked button.
  const fields = new Map(readForm(home.$, home.url)?.fields);
  expect(fields.get('ctl00$MainContent$ddlServicios')).toBe('671071116338');
  expect(fields.has('ctl00$MainContent$btnBuscar')).toBe(false);
  expect(fields.get('__LASTFOCUS')).toBe('');
});

test('OtrasFacturas: receipts, payments and complementary rows with their download postbacks', () => {
  const rows = invoiceRows(page('otras-facturas.html'));
  expect(rows?.map((row) => row.document)).toEqual([
    {
      series: 'KC',
      folio: '000078966414',
      month: '2026-06',
      type: 'OCR',
      kind: 'receipt',
      formats: ['pdf', 'xml'],
    },
    { series: 'K9', folio: '000092949043', month: '2026-06', type: 'PAGO', kind: 'other', formats: ['xml'] },
    { series: 'KX', folio: '000091120077', month: '2026-05', type: 'PAGO', kind: 'other', formats: ['xml'] },
    {
      series: 'KC',
      folio: '000077311250',
      month: '2025-09',
      type: 'OCR',
      kind: 'receipt',
      formats: ['pdf', 'xml'],
    },
  ]);
  expect(rows?.[0]?.targets).toEqual({
    pdf: { target: 'ctl00$MainContent$gvFacturasUsuario$ctl02$lnkDescargaPDF', argument: '' },
    xml: { target: 'ctl00$MainContent$gvFacturasUsuario$ctl02$lnkDescargaXML', argument: '' },
  });
  expect(invoiceRows(page('default.html'))).toBeNull();
});

test("the XML throttle's message is read wherever the page says it (a label or a script's alert)", () => {
  expect(says(pageText(page('otras-facturas.html')), xmlThrottleMarker)).toBe(true);
  expect(says(pageText(page('default.html')), xmlThrottleMarker)).toBe(false);
  expect(says(`<span>${messages.xmlThrottle}</span>`, xmlThrottleMarker)).toBe(true);
  // Broken accents do not hide it.
  expect(
    says(
      'No es posible obtener el archivo Xml en este momento, intenta de nuevo mas tarde',
      xmlThrottleMarker,
    ),
  ).toBe(true);
});

test('AdministrarServicios: the registered services, an empty account, and a page that is neither', () => {
  expect(registeredServices(page('administrar.html'))).toEqual(['679220758161', '671071116338']);
  expect(registeredServices(page('administrar-vacio.html'))).toEqual([]);
  expect(registeredServices(page('default.html'))).toBeNull();
});

test('the firewall: Incapsula’s page and an empty body, both with status 200', () => {
  expect(readAnswer(answer(fixture('incapsula.html')))).toEqual({ kind: 'firewall', empty: false });
  expect(readAnswer(answer(''))).toEqual({ kind: 'firewall', empty: true });
  expect(readAnswer(answer('<html><body>Service Unavailable</body></html>', { status: 503 }))).toEqual({
    kind: 'outage',
    status: 503,
  });
  const file = readAnswer(
    answer('<cfdi:Comprobante/>', { attachment: 'KC-000078966414.xml', contentType: 'text/xml' }),
  );
  expect(file).toMatchObject({ kind: 'file', file: { fileName: 'KC-000078966414.xml' } });
});

test('"Consulta tu recibo": months in words and the download postbacks of each receipt', () => {
  expect(consultationRows(page('consulta.html'))).toEqual([
    {
      month: '2026-06',
      targets: {
        pdf: { target: 'ctl00$MainContent$GVHistorial$ctl02$lnkDescargaPDF', argument: '' },
        xml: { target: 'ctl00$MainContent$GVHistorial$ctl02$lnkDescargaXML', argument: '' },
      },
    },
    {
      month: '2026-05',
      targets: {
        pdf: { target: 'ctl00$MainContent$GVHistorial$ctl03$lnkDescargaPDF', argument: '' },
        xml: { target: 'ctl00$MainContent$GVHistorial$ctl03$lnkDescargaXML', argument: '' },
      },
    },
  ]);
});

test('postback links and months as CFE writes them', () => {
  expect(
    postbackOf("javascript:__doPostBack('ctl00$MainContent$gvServicios$ctl02$lnkEliminarServicio','')"),
  ).toEqual({
    target: 'ctl00$MainContent$gvServicios$ctl02$lnkEliminarServicio',
    argument: '',
  });
  expect(postbackOf("javascript: __doPostBack( 'a$b' , 'Page$2' );")).toEqual({
    target: 'a$b',
    argument: 'Page$2',
  });
  expect(postbackOf('OtrasFacturas.aspx')).toBeNull();
  expect(postbackOf(undefined)).toBeNull();
  expect(['ENE 2026', 'dic 2025', 'SEPT 2025', 'Agosto 2024', 'MAYO'].map(parseMonth)).toEqual([
    '2026-01',
    '2025-12',
    '2025-09',
    '2024-08',
    null,
  ]);
});

test('an unknown page is saved without hidden fields, passwords, CAPTCHA answers, scripts or given secrets', () => {
  const html = fixture('login-refused.html').replace(
    'value="ana.lopez"',
    'value="ana.lopez" data-x="S3creta!"',
  );
  const redacted = redactPage(html, ['S3creta!', 'ana.lopez']);
  expect(redacted).not.toContain('/wEPDwUKMTY1NDU2MTA1Mg');
  expect(redacted).not.toContain('/wEdAAXkGxLy0Qb1rJ3g1n3e0V+5');
  expect(redacted).not.toContain('S3creta!');
  expect(redacted).not.toContain('ana.lopez');
  expect(redacted).toContain('Usuario o contraseña incorrectos');
  expect(redacted).toContain('[retirado]');
});

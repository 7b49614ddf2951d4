import { CookieJar } from 'tough-cookie';
import { formBody, postback, type WebForm } from '../mi-espacio/forms';
import { invoiceRows } from '../mi-espacio/grid';
import { type Answer, type Conversation, PortalHttp } from '../mi-espacio/http';
import { captchaImage, isLoginPage, readAnswer } from '../mi-espacio/pages';
import { consultationPath, controls, messages, miEspacioPath } from '../mi-espacio/site';
import { startReplica } from './server';

/** The replica spoken to by hand (raw posts), to check what WebForms accepts and refuses. */
let replica: Awaited<ReturnType<typeof startReplica>>;
let http: PortalHttp;
let browser: Conversation;

beforeEach(async () => {
  replica = await startReplica({ now: () => new Date('2026-11-15T12:00:00Z') });
  http = new PortalHttp({ baseUrl: replica.url, timeoutMs: 5_000, userAgent: 'prueba' }, 0);
  browser = { jar: new CookieJar(), nextRequestAt: 0 };
});

afterEach(async () => {
  await http.close();
  await replica.close();
});

const url = (path: string) => http.url(path);
const html = (answer: Answer) => answer.body.toString('utf8');

async function formOf(path: string): Promise<WebForm> {
  const reading = readAnswer(await http.send(browser, 'GET', url(path)));
  if (reading.kind !== 'page' || !reading.page.form) throw new Error(`${path} has no form`);
  return reading.page.form;
}

const credentials = {
  [controls.user.name]: 'empresa.demo',
  [controls.password.name]: 'Demo-2024',
  [controls.loginButton.name]: 'Ingresar',
};

async function logIn() {
  const form = await formOf(miEspacioPath('login'));
  const answer = await http.send(browser, 'POST', form.action, formBody(form, credentials));
  expect(answer.url.pathname).toBe(miEspacioPath('home'));
}

/** Logs in and lists the selected service's invoices grid: its months, newest first. */
async function logInAndListInvoices() {
  await logIn();
  const reading = readAnswer(await http.send(browser, 'GET', url(miEspacioPath('invoices'))));
  if (reading.kind !== 'page' || !reading.page.form) throw new Error('no page');
  const selected = reading.page.form.fields.find(([name]) => name === controls.services.name)?.[1];
  return { selected, months: (invoiceRows(reading.page) ?? []).map((row) => row.document.month) };
}

const refused = (answer: Answer) => {
  expect(answer.status).toBe(200);
  expect(html(answer)).toContain(messages.serverError);
};

test('Login.aspx: the form aspnetForm with the real control names and the four hidden fields', async () => {
  const answer = await http.send(browser, 'GET', url(miEspacioPath('login')));
  expect(answer.status).toBe(200);
  const page = html(answer);
  for (const needle of [
    'id="aspnetForm"',
    'name="ctl00$MainContent$txtUsuario"',
    'name="ctl00$MainContent$txtPassword"',
    'name="ctl00$MainContent$btnIngresar" value="Ingresar"',
    'id="ctl00_MainContent_lblError"',
    'name="__VIEWSTATE"',
    'name="__VIEWSTATEGENERATOR"',
    'name="__VIEWSTATEENCRYPTED"',
    'name="__EVENTVALIDATION"',
  ])
    expect(page).toContain(needle);
  const cookies = await browser.jar.getCookies(replica.url);
  expect(cookies.map((cookie) => cookie.key).sort()).toEqual([
    'ASP.NET_SessionId',
    'incap_ses_1184_2130486',
    'visid_incap_2130486',
  ]);
});

test.each(['__VIEWSTATE', '__VIEWSTATEGENERATOR', '__VIEWSTATEENCRYPTED', '__EVENTVALIDATION'])(
  'a post without %s is refused as WebForms refuses it: an error page with status 200',
  async (name) => {
    const form = await formOf(miEspacioPath('login'));
    const body = formBody(form, credentials);
    body.delete(name);
    refused(await http.send(browser, 'POST', form.action, body));
  },
);

test('altered hidden fields, a foreign page’s fields and a postback the page did not offer are refused', async () => {
  const form = await formOf(miEspacioPath('login'));
  const altered = (name: string, change: (value: string) => string) => {
    const body = formBody(form, credentials);
    body.set(name, change(body.get(name) ?? ''));
    return body;
  };
  const flip = (value: string) => `${value.slice(0, 10)}${value[10] === 'A' ? 'B' : 'A'}${value.slice(11)}`;
  refused(await http.send(browser, 'POST', form.action, altered('__VIEWSTATE', flip)));
  refused(await http.send(browser, 'POST', form.action, altered('__EVENTVALIDATION', flip)));
  refused(
    await http.send(
      browser,
      'POST',
      form.action,
      altered('__VIEWSTATEGENERATOR', () => 'CA0B0334'),
    ),
  );
  refused(
    await http.send(
      browser,
      'POST',
      form.action,
      postback(form, { target: 'ctl00$MainContent$x', argument: '' }),
    ),
  );
  refused(await http.send(browser, 'POST', url(consultationPath), formBody(form, credentials)));
  // The same fields, untouched, log in.
  const ok = await http.send(browser, 'POST', form.action, formBody(form, credentials));
  expect(ok.url.pathname).toBe(miEspacioPath('home'));
});

test('the first Default.aspx sets the anti-forgery cookie that later posts need', async () => {
  await logIn();
  expect((await browser.jar.getCookies(replica.url)).map((cookie) => cookie.key)).toContain(
    '__AntiXsrfToken',
  );
  const home = await formOf(miEspacioPath('home'));
  const [, serviceNumber] = (home.fields.find(([name]) => name === controls.services.name) ?? []) as string[];
  const select = postback(
    home,
    { target: controls.services.name, argument: '' },
    {
      [controls.services.name]: serviceNumber as string,
    },
  );
  const withoutToken = { jar: new CookieJar(), nextRequestAt: 0 };
  for (const cookie of await browser.jar.getCookies(replica.url))
    if (cookie.key !== '__AntiXsrfToken') await withoutToken.jar.setCookie(cookie, replica.url);
  refused(await http.send(withoutToken, 'POST', home.action, select));
  expect(html(await http.send(browser, 'POST', home.action, select))).toContain(
    `selected="selected" value="${serviceNumber}"`,
  );
});

test('an ended session shows the login page (a redirect, never a 401); status 200 on every page', async () => {
  await logIn();
  await fetch(`${replica.url}/__replica/sessions/expire`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const answer = await http.send(browser, 'GET', url(miEspacioPath('invoices')));
  expect(answer.status).toBe(200);
  expect(answer.url.pathname).toBe(miEspacioPath('login'));
  expect(answer.url.search).toBe('?ReturnUrl=%2FAplicaciones%2FCCFE%2FMiEspacio%2FOtrasFacturas.aspx');
  const reading = readAnswer(answer);
  expect(reading.kind === 'page' && isLoginPage(reading.page)).toBe(true);
});

test('the CAPTCHA is drawn as an image, case-sensitive, its answer readable by the control API', async () => {
  await fetch(`${replica.url}/__replica/switches`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ switches: { captcha: 'always' } }),
  });
  const latestAnswer = async () =>
    ((await (await fetch(`${replica.url}/__replica/captchas/latest`)).json()) as { answer: string }).answer;
  const loginPage = async (answer: Answer) => {
    const reading = readAnswer(answer);
    if (reading.kind !== 'page' || !reading.page.form) throw new Error('no login page');
    return { page: reading.page, form: reading.page.form };
  };
  const first = await loginPage(await http.send(browser, 'GET', url(miEspacioPath('login'))));
  const image = await http.send(browser, 'GET', captchaImage(first.page) as URL);
  expect(image.contentType).toBe('image/svg+xml');
  expect(image.body.toString('utf8')).toContain('<svg');
  const answer = await latestAnswer();
  expect(answer).toMatch(/^[A-Za-z2-9]{5,6}$/);
  const swapped = [...answer]
    .map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()))
    .join('');
  const wrongCase = await http.send(
    browser,
    'POST',
    first.form.action,
    formBody(first.form, { ...credentials, [controls.captcha.name]: swapped }),
  );
  expect(html(wrongCase)).toContain(swapped === answer ? 'Ingresar' : messages.captchaRefused);
  const second = await loginPage(wrongCase);
  const ok = await http.send(
    browser,
    'POST',
    second.form.action,
    formBody(second.form, { ...credentials, [controls.captcha.name]: await latestAnswer() }),
  );
  expect(ok.url.pathname).toBe(miEspacioPath('home'));
});

test('OtrasFacturas: the whole history without pager; a download is the attachment <series>-<folio>.xml', async () => {
  await logIn();
  const reading = readAnswer(await http.send(browser, 'GET', url(miEspacioPath('invoices'))));
  if (reading.kind !== 'page' || !reading.page.form) throw new Error('no page');
  const rows = invoiceRows(reading.page) ?? [];
  const selected = reading.page.form.fields.find(([name]) => name === controls.services.name)?.[1];
  const truth = (await (await fetch(`${replica.url}/__replica/services/${selected}/documents`)).json()) as {
    documents: unknown[];
  };
  expect(rows).toHaveLength(truth.documents.length);
  expect(html(await http.send(browser, 'GET', url(miEspacioPath('invoices'))))).not.toMatch(/Page\$/);
  const [first] = rows;
  const file = await http.send(
    browser,
    'POST',
    reading.page.form.action,
    postback(reading.page.form, first?.targets.xml as never),
  );
  expect(file.attachment).toBe(`${first?.document.series}-${first?.document.folio}.xml`);
  expect(file.contentType).toContain('xml');
});

test('historyMonths: an account’s grids and its control truth list only its recent months', async () => {
  const month = (document: { month: string }) => document.month;
  type Truth = { documents: { month: string }[] };
  const whole = await logInAndListInvoices();
  const selected = whole.selected;
  const all = (await (
    await fetch(`${replica.url}/__replica/services/${selected}/documents`)
  ).json()) as Truth;
  expect(whole.months).toEqual(all.documents.map(month));

  const switched = await fetch(`${replica.url}/__replica/switches`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'empresa.demo', switches: { historyMonths: 4 } }),
  });
  expect(switched.status).toBe(200);
  browser = { jar: new CookieJar(), nextRequestAt: 0 };
  const recent = await logInAndListInvoices();
  // Four months back from 2026-11-15: August to November, newest first, every document of them.
  expect(recent.months.length).toBeGreaterThan(0);
  expect(recent.months.length).toBeLessThan(whole.months.length);
  expect(recent.months).toEqual(all.documents.map(month).filter((value) => value >= '2026-08'));
  const account = (await (
    await fetch(`${replica.url}/__replica/accounts/empresa.demo/documents`)
  ).json()) as {
    services: (Truth & { service_number: string })[];
  };
  expect(
    account.services.find((service) => service.service_number === selected)?.documents.map(month),
  ).toEqual(recent.months);
});

test('the control API refuses switches it does not know', async () => {
  const response = await fetch(`${replica.url}/__replica/switches`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ switches: { captcha: 'a veces' } }),
  });
  expect(response.status).toBe(422);
  const accounts = (await (
    await fetch(`${replica.url}/__replica/accounts/empresa.demo/documents`)
  ).json()) as {
    services: { documents: unknown[]; payments: unknown[] }[];
  };
  expect(accounts.services).toHaveLength(6);
  expect(accounts.services[0]?.payments.length).toBeGreaterThan(0);
});

test('the firewall grows stricter with bursts: beyond the limit its page answers, with status 200', async () => {
  await fetch(`${replica.url}/__replica/switches`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ switches: { firewallBurst: { max: 3, windowMs: 60_000 } } }),
  });
  const answers = [];
  for (let i = 0; i < 4; i += 1) answers.push(await http.send(browser, 'GET', url(miEspacioPath('login'))));
  expect(answers.slice(0, 3).map((answer) => readAnswer(answer).kind)).toEqual(['page', 'page', 'page']);
  expect(answers[3]?.status).toBe(200);
  expect(html(answers[3] as Answer)).toContain('Request unsuccessful. Incapsula incident ID');
  expect(readAnswer(answers[3] as Answer)).toEqual({ kind: 'firewall', empty: false });
});

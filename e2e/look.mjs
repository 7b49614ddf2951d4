import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:18099';
const login = await fetch(`${base}/api/v1/login/access-token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=admin%40luz.test&password=admin-Password-1' });
const { access_token: token } = await login.json();
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const cfeUser = process.env.CFE_USER ?? 'empresa.demo';
let creds = (await (await fetch(`${base}/api/v1/credentials/all`, { headers: auth })).json());
let cred = creds.find((c) => c.cfe_user === cfeUser);
if (!cred) cred = await (await fetch(`${base}/api/v1/credentials/`, { method: 'POST', headers: auth, body: JSON.stringify({ alias: 'Planta Monterrey', cfe_user: cfeUser, password: 'Demo-2024' }) })).json();
if (process.env.SYNC) { const s = await fetch(`${base}/api/v1/credentials/sync/${cred.credential_id}`, { method: 'POST', headers: auth, body: '{}' }); console.log(s.status); }
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, locale: 'es-MX' });
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('response', (r) => { if (r.status() >= 400) console.log('HTTP', r.status(), r.url()); });
await page.addInitScript((t) => localStorage.setItem('access_token', t), token);
for (const [name, path] of process.argv.slice(2).map((p, i) => [`${i}`, p])) {
  await page.goto(base + path);
  await page.waitForTimeout(Number(process.env.WAIT ?? 4000));
  if (process.env.OPEN_SYNC) await page.getByRole('button', { name: /^Sincronizaciones/ }).click();
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
}
await browser.close();

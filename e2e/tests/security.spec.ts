import { expect, signInWithToken, test } from '../fixtures';

// The host page's Content-Security-Policy is strict (no inline script, no eval, only the
// configured origins): every screen, every remote and the live sync events must work under it.

test('cada pantalla y cada remoto funcionan bajo la política de seguridad de contenido, sin violaciones', async ({
  page,
  seed,
}) => {
  // A superuser: every screen, the admin console too.
  const user = await seed.userWithCredential({ superuser: true });
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, { __cspViolations: violations });
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(
        `${event.effectiveDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  await signInWithToken(page, user.token);

  const answer = await page.goto('/downloads');
  const headers = answer?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

  const navigation = page.getByRole('navigation', { name: 'Navegación principal' });
  const screens: [string, RegExp][] = [
    ['Servicios', /\/rpus\/$/],
    ['Periodos', /\/periods$/],
    ['Configuración', /\/settings$/],
    ['Administración', /\/admin$/],
    ['Descargas', /\/downloads$/],
  ];
  for (const [link, url] of screens) {
    await navigation.getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Algo salió mal al cargar')).toHaveCount(0);
  }
  // Blocked scripts, manifests, chunks, styles, workers or the sync-event WebSocket would all be here.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations))
    .toEqual([]);
});

test('la página no se deja enmarcar por otro sitio', async ({ page, baseURL }) => {
  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  // The frame's request is answered; the browser then refuses to show the answer in a frame.
  const answered = page.waitForResponse(`${baseURL}/login`);
  await page.setContent(`<iframe src="${baseURL}/login" title="intento"></iframe>`);
  expect((await answered).status()).toBe(200);
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  if (!frame) throw new Error('no frame');
  // Loaded, with the browser's error page in place of the app.
  await frame.waitForLoadState('load');
  expect(frame.url()).toMatch(/^chrome-error:/);
  await expect(
    page.frameLocator('iframe[title="intento"]').getByRole('button', { name: 'Iniciar sesión' }),
  ).toHaveCount(0);
});

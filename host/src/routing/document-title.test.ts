/** @jest-environment node */
// A pure rule; the node environment (react-router, pulled in by @luz/shared, needs its TextEncoder).
import { documentTitle } from './document-title';

test.each([
  ['/login', 'Inicia sesión · Luz'],
  ['/rpus/', 'Servicios · Luz'],
  ['/rpus/2f1c/payment-history', 'Servicios · Luz'],
  ['/settings', 'Configuración · Luz'],
  ['/admin', 'Administración · Luz'],
  ['/subscription', 'Suscripción · Luz'],
  ['/', 'Luz'],
  ['/rpusx', 'Luz'],
  ['/no-existe', 'Luz'],
])('%s is titled "%s"', (pathname, title) => {
  expect(documentTitle(pathname)).toBe(title);
});

import { es } from '@luz/shared/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The page's own name first, as tabs, history and screen readers show it (WCAG 2.4.2). */
const titles: [prefix: string, title: string][] = [
  ['/login', es.auth.loginTitle],
  ['/create-account', es.auth.createAccountTitle],
  ['/recover-password', es.auth.recoverTitle],
  ['/reset-password', es.auth.resetTitle],
  ['/subscription', es.subscription.title],
  ['/downloads', es.layout.nav.downloads],
  ['/periods', es.layout.nav.periods],
  ['/rpus', es.layout.nav.rpus],
  ['/settings', es.layout.nav.settings],
  ['/attention', es.layout.nav.attention],
  ['/admin', es.layout.nav.admin],
];

export function documentTitle(pathname: string): string {
  const match = titles.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  return match ? `${match[1]} · ${es.app.name}` : es.app.name;
}

export function useDocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
}

import {
  Alert,
  Button,
  errorMessage,
  es,
  isSubscriptionActive,
  PageSpinner,
  preloadDialog,
  useCurrentUser,
  useThemePreference,
} from '@luz/shared';
import { remoteOfPath } from '@luz/shared/boot';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { AttentionLink } from '../attention/attention-link';
import { useLiveAttention } from '../attention/use-attention';
import { useSessionActions } from '../auth/use-session-actions';
import { OnboardingModal } from '../onboarding/onboarding-modal';
import { PasswordChangeModal } from '../onboarding/password-change-modal';
import { HostContext } from '../remotes/host-context';
import { useSyncEventArea } from '../sync-events/sync-event-area';
import { useSyncEventSocket } from '../sync-events/use-sync-events';
import { Footer } from './footer';
import { Body, Content, Shell } from './shell-grid';
import { Sidebar } from './sidebar';
import { MENU_BUTTON_ID, TopBar } from './top-bar';

const SkipLink = styled.a`
  position: absolute;
  left: -9999px;
  &:focus { left: 8px; top: 8px; z-index: 100; background: ${({ theme }) => theme.color.surface}; padding: 8px 12px; }
`;

/**
 * The authenticated layout (spec §2): spinner while the user loads, the change of a temporary
 * password before anything else, /subscription without an active subscription, the onboarding
 * modal instead of content without credentials, otherwise
 * sidebar, top bar, the remote's content and the live sync-event area.
 */
export function AuthenticatedLayout() {
  const { data: user, isPending, error, refetch } = useCurrentUser();
  const { logout } = useSessionActions();
  const { pathname } = useLocation();
  useRecheckOnNavigation(refetch);

  if (isPending) return <PageSpinner />;
  // A failed refresh keeps the user already loaded: only a user that never loaded is an error here.
  if (!user) {
    return (
      <Content>
        <Alert tone="danger">{errorMessage(error)}</Alert>
        <p>
          <Button onClick={() => void refetch()}>{es.common.retry}</Button>
        </p>
      </Content>
    );
  }
  // The API answers nothing else (428) until a temporary password is replaced.
  if (user.must_change_password) return <PasswordChangeModal onLogout={logout} />;
  if (!isSubscriptionActive(user)) return <Navigate to="/subscription" replace />;
  // A superuser runs the admin console for everyone: it needs no CFE account of their own.
  const adminConsole = user.is_superuser && remoteOfPath(pathname) === 'admin';
  if (!user.has_credentials && !adminConsole) return <OnboardingModal onLogout={logout} />;
  return <SignedInShell user={user} logout={logout} />;
}

/**
 * The layout stays mounted while the user moves between its routes, so its current-user query
 * would only refresh on window focus. Asking again at every navigation makes a subscription that
 * changed meanwhile (cancelled, paused at the provider) take effect on the next page the user opens.
 */
function useRecheckOnNavigation(refetch: () => Promise<unknown>) {
  const { pathname } = useLocation();
  const seen = useRef(pathname);
  useEffect(() => {
    if (seen.current === pathname) return;
    seen.current = pathname;
    void refetch();
  }, [pathname, refetch]);
}

/** Without requestIdleCallback (Safari): a second after the shell shows, past its first requests. */
const IDLE_FALLBACK_MS = 1000;

/**
 * Loads the dialogs' code once the screen has its own code and data, so a dialog then opens at once
 * without the download competing with the screen's first requests. A failed preload is tried
 * again, and reported, when a dialog opens.
 */
function usePreloadDialogWhenIdle() {
  useEffect(() => {
    const preload = () => void preloadDialog().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(preload);
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(preload, IDLE_FALLBACK_MS);
    return () => window.clearTimeout(id);
  }, []);
}

function SignedInShell({
  user,
  logout,
}: {
  user: NonNullable<ReturnType<typeof useCurrentUser>['data']>;
  logout: () => void;
}) {
  const { mode } = useThemePreference();
  usePreloadDialogWhenIdle();
  const syncEvents = useSyncEventSocket();
  const syncArea = useSyncEventArea(syncEvents);
  useLiveAttention(syncEvents);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    document.getElementById(MENU_BUTTON_ID)?.focus();
  }, []);

  return (
    <HostContext.Provider value={{ user, colorMode: mode, syncEvents, logout }}>
      <Shell>
        <SkipLink href="#content">{es.layout.skipToContent}</SkipLink>
        <TopBar
          user={user}
          menuOpen={menuOpen}
          onToggleMenu={() => setMenuOpen((value) => !value)}
          onLogout={logout}
          syncToggle={syncArea.toggle}
          attention={<AttentionLink />}
        />
        <Body>
          <Sidebar
            user={user}
            open={menuOpen}
            onNavigate={() => setMenuOpen(false)}
            onClose={closeMenu}
            onLogout={logout}
          />
          <Content id="content" tabIndex={-1}>
            <Outlet />
          </Content>
        </Body>
        <Footer />
      </Shell>
      {syncArea.panel}
    </HostContext.Provider>
  );
}

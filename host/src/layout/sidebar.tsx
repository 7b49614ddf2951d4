import { Button, es, type UserPublic } from '@luz/shared';
import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';

const Nav = styled.nav<{ $open: boolean }>`
  width: ${({ theme }) => theme.layout.sidebarWidth};
  flex: none;
  background: ${({ theme }) => theme.color.surface};
  border-right: 1px solid ${({ theme }) => theme.color.border};
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(3)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    position: fixed;
    top: ${({ theme }) => theme.layout.topBarHeight};
    bottom: 0;
    left: 0;
    z-index: 40;
    width: min(${({ theme }) => theme.layout.sidebarWidth}, 85vw);
    overflow-y: auto;
    box-shadow: ${({ theme }) => theme.shadow.md};
  }
`;

/** Dims the page behind the open menu on a phone; a tap on it closes the menu. */
const Backdrop = styled.div`
  display: none;
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    display: block;
    position: fixed;
    inset: ${({ theme }) => theme.layout.topBarHeight} 0 0 0;
    z-index: 39;
    background: ${({ theme }) => theme.color.overlay};
  }
`;

const Brand = styled.div`
  font-weight: 800;
  font-size: 20px;
  color: ${({ theme }) => theme.color.primary};
  padding: 0 ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) { display: none; }
`;

const Item = styled(NavLink)`
  display: block;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.textMuted};
  text-decoration: none;
  font-weight: 600;
  &:hover { background: ${({ theme }) => theme.color.surfaceRaised}; color: ${({ theme }) => theme.color.text}; }
  &.active { background: ${({ theme }) => `${theme.color.primary}14`}; color: ${({ theme }) => theme.color.primary}; }
`;

/** On a phone the top bar has no room for the account: it lives at the foot of the menu. */
const MobileAccount = styled.div`
  display: none;
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space(2)};
    margin-top: auto;
    padding: ${({ theme }) => `${theme.space(4)} ${theme.space(3)} 0`};
    border-top: 1px solid ${({ theme }) => theme.color.border};
    line-height: 1.3;
    small { color: ${({ theme }) => theme.color.textMuted}; }
  }
`;

export const MAIN_NAVIGATION_ID = 'main-navigation';

const links = [
  { to: '/downloads', label: es.layout.nav.downloads },
  { to: '/periods', label: es.layout.nav.periods },
  { to: '/rpus/', label: es.layout.nav.rpus },
  { to: '/attention', label: es.layout.nav.attention },
  { to: '/settings', label: es.layout.nav.settings },
  { to: '/subscription', label: es.layout.nav.subscription },
];

export function Sidebar({
  user,
  open,
  onNavigate,
  onClose,
  onLogout,
}: {
  /** Null in the page's first frame (shell.tsx): no admin link, no account, no id. */
  user: UserPublic | null;
  open: boolean;
  onNavigate: () => void;
  /** Closes the phone menu (Escape, a tap outside); focus goes back to the menu button. */
  onClose: () => void;
  onLogout: () => void;
}) {
  const nav = useRef<HTMLElement>(null);
  // The phone menu takes the focus when it opens, so keyboard and screen-reader users land in it.
  useEffect(() => {
    if (open) nav.current?.querySelector<HTMLElement>('a')?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  return (
    <>
      {open ? <Backdrop data-testid="menu-backdrop" onClick={onClose} /> : null}
      <Nav
        aria-label={es.layout.mainNavigation}
        $open={open}
        id={user ? MAIN_NAVIGATION_ID : undefined}
        ref={nav}
      >
        <Brand aria-hidden="true">⚡ {es.app.name}</Brand>
        {links.map((link) => (
          <Item key={link.to} to={link.to} onClick={onNavigate}>
            {link.label}
          </Item>
        ))}
        {user?.is_superuser ? (
          <Item to="/admin" onClick={onNavigate}>
            {es.layout.nav.admin}
          </Item>
        ) : null}
        {user ? (
          <MobileAccount role="group" aria-label={es.layout.account}>
            <span>
              {user.full_name || user.email}
              {user.company_name ? (
                <>
                  <br />
                  <small>{user.company_name}</small>
                </>
              ) : null}
            </span>
            <Button variant="secondary" size="sm" onClick={onLogout}>
              {es.auth.logout}
            </Button>
          </MobileAccount>
        ) : null}
      </Nav>
    </>
  );
}

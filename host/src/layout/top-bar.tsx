import { Button, es, type UserPublic } from '@luz/shared';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { MAIN_NAVIGATION_ID } from './sidebar';

const Bar = styled.header`
  height: ${({ theme }) => theme.layout.topBarHeight};
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  padding: 0 ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    gap: ${({ theme }) => theme.space(2)};
    padding: 0 ${({ theme }) => theme.space(3)};
  }
`;

const Who = styled.div`
  display: flex;
  flex-direction: column;
  line-height: 1.2;
  text-align: right;
  small { color: ${({ theme }) => theme.color.textMuted}; }
`;

const Right = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-left: auto;
  min-width: 0;
`;

/** Who is signed in and the logout button: in the menu on a phone, where the bar has no room for them. */
const Account = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) { display: none; }
`;

const MobileOnly = styled.div`
  display: none;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) { display: flex; }
`;

const MenuButton = styled(Button)`
  font-size: 20px;
  line-height: 1;
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
`;

const Brand = styled.span`
  font-weight: 800;
  font-size: 18px;
  color: ${({ theme }) => theme.color.primary};
  white-space: nowrap;
`;

export const MENU_BUTTON_ID = 'main-menu-button';

type Props = {
  /** Null in the page's first frame, drawn before anyone is known (shell.tsx): no account, no ids. */
  user: UserPublic | null;
  menuOpen: boolean;
  onToggleMenu: () => void;
  onLogout: () => void;
  syncToggle: ReactNode;
  attention: ReactNode;
};

export function TopBar({ user, menuOpen, onToggleMenu, onLogout, syncToggle, attention }: Props) {
  return (
    <Bar>
      <MobileOnly>
        <MenuButton
          id={user ? MENU_BUTTON_ID : undefined}
          variant="ghost"
          aria-expanded={menuOpen}
          aria-controls={user ? MAIN_NAVIGATION_ID : undefined}
          aria-label={menuOpen ? es.layout.closeMenu : es.layout.openMenu}
          onClick={onToggleMenu}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
        </MenuButton>
        <Brand aria-hidden="true">⚡ {es.app.name}</Brand>
      </MobileOnly>
      <Right>
        {attention}
        {syncToggle}
        {user ? (
          <Account>
            <Who>
              <span>{user.full_name || user.email}</span>
              <small>{user.company_name}</small>
            </Who>
            <Button variant="secondary" size="sm" onClick={onLogout}>
              {es.auth.logout}
            </Button>
          </Account>
        ) : null}
      </Right>
    </Bar>
  );
}

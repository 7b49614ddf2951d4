import { Button, es, type UserPublic } from '@luz/shared';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Bar = styled.header`
  height: ${({ theme }) => theme.layout.topBarHeight};
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  padding: 0 ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
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
`;

const MenuButton = styled(Button)`
  display: none;
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) { display: inline-flex; }
`;

type Props = {
  user: UserPublic;
  menuOpen: boolean;
  onToggleMenu: () => void;
  onLogout: () => void;
  syncToggle: ReactNode;
};

export function TopBar({ user, menuOpen, onToggleMenu, onLogout, syncToggle }: Props) {
  return (
    <Bar>
      <MenuButton
        variant="ghost"
        aria-expanded={menuOpen}
        aria-controls="main-navigation"
        onClick={onToggleMenu}
      >
        {menuOpen ? es.layout.closeMenu : es.layout.openMenu}
      </MenuButton>
      <Right>
        {syncToggle}
        <Who aria-label={es.layout.account}>
          <span>{user.full_name || user.email}</span>
          <small>{user.company_name}</small>
        </Who>
        <Button variant="secondary" size="sm" onClick={onLogout}>
          {es.auth.logout}
        </Button>
      </Right>
    </Bar>
  );
}

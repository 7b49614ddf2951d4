import { es, type UserPublic } from '@luz/shared';
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
  }
`;

const Brand = styled.div`
  font-weight: 800;
  font-size: 20px;
  color: ${({ theme }) => theme.color.primary};
  padding: 0 ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
`;

const Item = styled(NavLink)`
  display: block;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.textMuted};
  text-decoration: none;
  font-weight: 600;
  &:hover { background: ${({ theme }) => theme.color.surfaceRaised}; color: ${({ theme }) => theme.color.text}; }
  &.active { background: ${({ theme }) => `${theme.color.primary}22`}; color: ${({ theme }) => theme.color.primary}; }
`;

const links = [
  { to: '/downloads', label: es.layout.nav.downloads },
  { to: '/periods', label: es.layout.nav.periods },
  { to: '/rpus/', label: es.layout.nav.rpus },
  { to: '/settings', label: es.layout.nav.settings },
];

export function Sidebar({
  user,
  open,
  onNavigate,
}: {
  user: UserPublic;
  open: boolean;
  onNavigate: () => void;
}) {
  return (
    <Nav aria-label={es.layout.mainNavigation} $open={open} id="main-navigation">
      <Brand aria-hidden="true">⚡ {es.app.name}</Brand>
      {links.map((link) => (
        <Item key={link.to} to={link.to} onClick={onNavigate}>
          {link.label}
        </Item>
      ))}
      {user.is_superuser ? (
        <Item to="/admin" onClick={onNavigate}>
          {es.layout.nav.admin}
        </Item>
      ) : null}
    </Nav>
  );
}

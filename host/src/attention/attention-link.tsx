import { es } from '@luz/shared';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { useAttentionCount } from './use-attention';

const text = es.attention;

const Link = styled(NavLink)<{ $pending: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1.5)};
  white-space: nowrap;
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-decoration: none;
  &:hover, &.active { background: ${({ theme }) => theme.color.surfaceRaised}; }
  span[data-count] {
    min-width: 1.5em;
    padding: 0 6px;
    border-radius: 999px;
    text-align: center;
    font-weight: 700;
    background: ${({ theme, $pending }) => ($pending ? theme.color.warning : theme.color.border)};
    color: ${({ theme, $pending }) => ($pending ? theme.color.background : theme.color.text)};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    span[data-label] { display: none; }
  }
`;

/** The top bar's "Requiere atención" with how many items wait; its name says the count too. */
export function AttentionLink() {
  const { data } = useAttentionCount();
  const count = data?.count ?? 0;
  return (
    <Link
      to="/attention"
      $pending={count > 0}
      aria-label={data ? text.topBarCount(count, data.count_capped ?? false) : text.topBar}
      data-testid="attention-link"
    >
      <span data-label aria-hidden="true">
        {text.topBar}
      </span>
      <span data-count aria-hidden="true">
        {data ? `${count}${data.count_capped ? '+' : ''}` : '…'}
      </span>
    </Link>
  );
}

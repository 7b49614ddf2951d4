import { es, VisuallyHidden } from '@luz/shared';
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
  /* On a phone only the count shows; the words stay for screen readers. */
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    span[data-label] {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
      white-space: nowrap;
    }
  }
`;

/** The top bar's "Requiere atención" with how many items wait; its name is what it shows. */
export function AttentionLink() {
  const { data } = useAttentionCount();
  const count = data?.count ?? 0;
  return (
    <Link to="/attention" $pending={count > 0} data-testid="attention-link">
      <span data-label>{text.topBar}</span>{' '}
      <span data-count>{data ? `${count}${data.count_capped ? '+' : ''}` : '…'}</span>
      <VisuallyHidden> {text.topBarUnit(count)}</VisuallyHidden>
    </Link>
  );
}

import type { ReactNode } from 'react';
import styled from 'styled-components';

export const Card = styled.section`
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: ${({ theme }) => theme.space(5)};
  // A heading that opens the card sits at its padding, without the browser's extra top margin.
  & > h2:first-child,
  & > :first-child > h2:first-child { margin-top: 0; }
`;

export const Stack = styled.div<{ $gap?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap = 4 }) => theme.space($gap)};
`;

export const Row = styled.div<{ $gap?: number; $wrap?: boolean; $justify?: string; $align?: string }>`
  display: flex;
  flex-wrap: ${({ $wrap = true }) => ($wrap ? 'wrap' : 'nowrap')};
  gap: ${({ theme, $gap = 3 }) => theme.space($gap)};
  justify-content: ${({ $justify = 'flex-start' }) => $justify};
  align-items: ${({ $align = 'center' }) => $align};
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  justify-content: space-between;
  align-items: flex-end;
  margin-bottom: ${({ theme }) => theme.space(5)};
  h1 { margin: 0; font-size: ${({ theme }) => theme.font.size.xxl}; }
  p { margin: ${({ theme }) => theme.space(1)} 0 0; color: ${({ theme }) => theme.color.textMuted}; }
`;

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Header>
      <div>
        <h1>{title}</h1>
        {subtitle ? <p>{subtitle}</p> : null}
      </div>
      {actions ? <Row>{actions}</Row> : null}
    </Header>
  );
}

const EmptyBox = styled.div`
  text-align: center;
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.textMuted};
  h2 { color: ${({ theme }) => theme.color.text}; font-size: ${({ theme }) => theme.font.size.lg}; margin: 0 0 8px; }
  p { margin: 0 0 16px; }
`;

export function EmptyState({
  title,
  message,
  action,
}: {
  title: ReactNode;
  message?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <EmptyBox role="status">
      <h2>{title}</h2>
      {message ? <p>{message}</p> : null}
      {action}
    </EmptyBox>
  );
}

export const VisuallyHidden = styled.span`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

import type { ReactNode } from 'react';
import styled from 'styled-components';

export type Tone = 'info' | 'success' | 'warning' | 'danger';

const Box = styled.div<{ $tone: Tone }>`
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $tone }) => theme.color[$tone]};
  background: ${({ theme, $tone }) => `${theme.color[$tone]}1f`};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  color: ${({ theme }) => theme.color.text};
`;

/** A message box; errors are announced immediately (role="alert"), others politely. */
export function Alert({ tone = 'info', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <Box $tone={tone} role={tone === 'danger' ? 'alert' : 'status'}>
      {children}
    </Box>
  );
}

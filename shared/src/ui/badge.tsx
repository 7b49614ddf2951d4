import type { Tone } from '@luz/shared/core';
import styled from 'styled-components';

export type BadgeTone = Tone | 'neutral';

export const Badge = styled.span<{ $tone?: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: 600;
  white-space: nowrap;
  color: ${({ theme, $tone = 'neutral' }) => ($tone === 'neutral' ? theme.color.textMuted : theme.color[$tone])};
  background: ${({ theme, $tone = 'neutral' }) => ($tone === 'neutral' ? theme.color.surfaceRaised : `${theme.color[$tone]}26`)};
  border: 1px solid ${({ theme, $tone = 'neutral' }) => ($tone === 'neutral' ? theme.color.border : `${theme.color[$tone]}66`)};
`;

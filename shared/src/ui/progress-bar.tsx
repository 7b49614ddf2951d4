import type { Tone } from '@luz/shared/core';
import styled from 'styled-components';

const Track = styled.div`
  width: 100%;
  height: 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceRaised};
  overflow: hidden;
`;

const Fill = styled.div<{ $tone: Tone }>`
  height: 100%;
  background: ${({ theme, $tone }) => theme.color[$tone]};
  transition: width 200ms ease;
`;

/** A determinate progress bar; the tone carries the outcome (green success, red error). */
export function ProgressBar({ value, tone = 'info', label }: { value: number; tone?: Tone; label: string }) {
  const percent = Math.max(0, Math.min(100, value));
  return (
    <Track
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      data-tone={tone}
    >
      <Fill $tone={tone} style={{ width: `${percent}%` }} />
    </Track>
  );
}

import { LOADING_SCREEN_ATTRIBUTE } from '@luz/shared/boot';
import { es } from '@luz/shared/text';
import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  flex: none;
`;

/** A spinner; `decorative` hides it from assistive technology when a text already says it. */
export function Spinner({
  size = 20,
  decorative = false,
  label = es.common.loading,
}: {
  size?: number;
  decorative?: boolean;
  label?: string;
}) {
  return decorative ? (
    <Ring $size={size} aria-hidden="true" />
  ) : (
    <Ring $size={size} role="status" aria-label={label} />
  );
}

const Centered = styled.div`
  display: grid;
  place-items: center;
  min-height: 40vh;
  color: ${({ theme }) => theme.color.primary};
`;

/** A screen's loading state: marked as such, so that the page's first frame stays over it (decision 176). */
export function PageSpinner({ label = es.common.loading }: { label?: string }) {
  return (
    <Centered {...{ [LOADING_SCREEN_ATTRIBUTE]: '' }}>
      <Spinner size={36} label={label} />
    </Centered>
  );
}

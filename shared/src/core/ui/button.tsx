import type { ButtonHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  loading?: boolean;
};

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: 'sm' | 'md' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid transparent;
  font-weight: 600;
  cursor: pointer;
  white-space: nowrap;
  transition: background 120ms ease, border-color 120ms ease, opacity 120ms ease;
  ${({ $size, theme }) =>
    $size === 'sm'
      ? css`padding: ${theme.space(1)} ${theme.space(3)}; font-size: ${theme.font.size.sm};`
      : css`padding: ${theme.space(2)} ${theme.space(4)}; font-size: ${theme.font.size.md};`}
  ${({ $variant, theme }) => {
    switch ($variant) {
      case 'primary':
        return css`background: ${theme.color.primary}; color: ${theme.color.primaryText};
          &:hover:not(:disabled) { background: ${theme.color.primaryHover}; }`;
      case 'danger':
        return css`background: ${theme.color.dangerSolid}; color: #fff;
          &:hover:not(:disabled) { filter: brightness(1.08); }`;
      case 'secondary':
        return css`background: ${theme.color.surfaceRaised}; color: ${theme.color.text}; border-color: ${theme.color.border};
          &:hover:not(:disabled) { border-color: ${theme.color.primary}; }`;
      default:
        return css`background: transparent; color: ${theme.color.text};
          &:hover:not(:disabled) { background: ${theme.color.surfaceRaised}; }`;
    }
  }}
  &:disabled { opacity: 0.55; cursor: not-allowed; }
`;

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled,
  children,
  type,
  ...rest
}: Props) {
  return (
    <StyledButton
      $variant={variant}
      $size={size}
      type={type ?? 'button'}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={14} decorative /> : null}
      {children}
    </StyledButton>
  );
}

/** A text-styled link that looks like a button, for navigation actions. */
export const ButtonLink = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.primaryText};
  font-weight: 600;
  text-decoration: none;
  &:hover { background: ${({ theme }) => theme.color.primaryHover}; }
`;

import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styled from 'styled-components';

// Radix's dialog (focus trap, scroll lock, portal) is loaded the first time a dialog opens or
// when a signed-in screen preloads it (`preloadDialog` in ./modal): no sign-in screen needs it.

const Overlay = styled(Dialog.Overlay)`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.color.overlay};
  z-index: 50;
`;

const Content = styled(Dialog.Content)<{ $width: number }>`
  position: fixed;
  z-index: 51;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(${({ $width }) => $width}px, calc(100vw - 32px));
  max-height: calc(100vh - 48px);
  overflow: auto;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.md};
  padding: ${({ theme }) => theme.space(6)};
`;

const Title = styled(Dialog.Title)`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.xl};
`;

const Description = styled(Dialog.Description)`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.textMuted};
`;

export type ModalDialogProps = {
  open: boolean;
  onOpenChange?: ((open: boolean) => void) | undefined;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  width: number;
  onCloseAutoFocus: (event: Event) => void;
};

export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  width,
  onCloseAutoFocus,
}: ModalDialogProps) {
  const dismissible = Boolean(onOpenChange);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange ?? (() => undefined)}>
      <Dialog.Portal>
        <Overlay />
        <Content
          $width={width}
          onEscapeKeyDown={dismissible ? undefined : (event) => event.preventDefault()}
          onPointerDownOutside={dismissible ? undefined : (event) => event.preventDefault()}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <Title>{title}</Title>
          {description ? <Description>{description}</Description> : <Dialog.Description hidden />}
          {children}
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { Alert, Button, Stack, toast } from '@luz/shared/core';
import { es } from '@luz/shared/text';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

export const ModalActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(5)};
`;

type ModalProps = {
  open: boolean;
  /** Omit to make the dialog impossible to dismiss (e.g. onboarding that must be completed). */
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  width?: number;
};

/**
 * Where focus goes back when the dialog closes: the element that had it when the dialog opened
 * (or the page's main region when that element is gone, e.g. a toolbar that closed with the
 * selection). Radix only gives focus back to a `Dialog.Trigger`, and our dialogs open from state,
 * so without this focus would fall to <body>. Read while rendering: by the time effects run, an
 * autoFocus field inside the dialog already has the focus.
 */
function useFocusReturn(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpen.current = open;
  return (event: Event) => {
    event.preventDefault();
    const target = opener.current?.isConnected ? opener.current : document.querySelector('main');
    target?.focus();
  };
}

type DialogModule = typeof import('./modal-dialog');
let dialogModule: DialogModule | null = null;
let dialogLoading: Promise<DialogModule> | null = null;

/**
 * Loads the dialog's code (Radix) ahead of the first dialog: the signed-in layout calls it once it
 * shows, so a dialog opens at once; the sign-in screens never load it. A failed load is tried
 * again by the next call.
 */
export function preloadDialog(): Promise<DialogModule> {
  // Named for the host's build, which keeps it out of the page's preloads (host/rsbuild.config.ts).
  dialogLoading ??= import(/* webpackChunkName: "dialog" */ './modal-dialog').then(
    (loaded) => {
      dialogModule = loaded;
      return loaded;
    },
    (error: unknown) => {
      dialogLoading = null;
      throw error;
    },
  );
  return dialogLoading;
}

/** The dialog's code, loading it when a dialog opens before it was preloaded. */
function useDialogModule(open: boolean): DialogModule | null {
  const [loaded, setLoaded] = useState(dialogModule);
  useEffect(() => {
    if (!open || loaded) return;
    let current = true;
    preloadDialog().then(
      (module) => current && setLoaded(module),
      () => current && toast.error(es.errors.loadFailure),
    );
    return () => {
      current = false;
    };
  }, [open, loaded]);
  return loaded ?? dialogModule;
}

/** An accessible dialog: focus is trapped inside and returned on close; Escape closes when dismissible. */
export function Modal({ open, onOpenChange, title, description, children, width = 520 }: ModalProps) {
  const returnFocus = useFocusReturn(open);
  const dialog = useDialogModule(open);
  if (!dialog) return null;
  return (
    <dialog.ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      width={width}
      onCloseAutoFocus={returnFocus}
    >
      {children}
    </dialog.ModalDialog>
  );
}

type ConfirmProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: string;
  /** What the other button does ("Conservar mi suscripción"), when "Cancelar" would read as the action itself. */
  dismissLabel?: string;
  tone?: 'danger' | 'primary';
  loading?: boolean;
  onConfirm: () => void;
};

/** Confirmation before a destructive or costly action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = es.common.confirm,
  dismissLabel = es.common.cancel,
  tone = 'danger',
  loading = false,
  onConfirm,
}: ConfirmProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description} width={440}>
      <ModalActions>
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={loading}>
          {dismissLabel}
        </Button>
        <Button variant={tone} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </ModalActions>
    </Modal>
  );
}

type FormModalProps = {
  title: ReactNode;
  description?: ReactNode;
  width?: number;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The error of the whole form; each field shows its own. */
  message?: ReactNode;
  submitLabel: ReactNode;
  submitting: boolean;
  children: ReactNode;
};

/** A dialog holding one form: its fields, the form's error, and "Cancelar" beside the submit button. */
export function FormModal({
  title,
  description,
  width,
  onClose,
  onSubmit,
  message,
  submitLabel,
  submitting,
  children,
}: FormModalProps) {
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      width={width}
    >
      {/* The fields are checked by the form's schema, whose messages are in Spanish, not by the browser. */}
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {message ? <Alert tone="danger">{message}</Alert> : null}
          {children}
        </Stack>
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {es.common.cancel}
          </Button>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}

import { es } from '@luz/shared/text';
import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import type { Tone } from './alert';

export type Toast = { id: number; tone: Tone; message: string };

// One store for the whole page: the SDK is a federation singleton, so a remote's toast shows in
// the host's <Toaster/> although the remote renders in its own React root.
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

function dismiss(id: number) {
  toasts = toasts.filter((item) => item.id !== id);
  emit();
}

function push(tone: Tone, message: string, durationMs = tone === 'danger' ? 8000 : 4500) {
  const id = nextId++;
  toasts = [...toasts.slice(-4), { id, tone, message }];
  emit();
  setTimeout(() => dismiss(id), durationMs);
  return id;
}

export const toast = {
  success: (message: string) => push('success', message),
  error: (message: string) => push('danger', message),
  info: (message: string) => push('info', message),
  warning: (message: string) => push('warning', message),
  dismiss,
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// Under the top bar, top right: the sync panel holds the bottom right corner, and a toast over its
// last entries would hide their "Reintentar".
const Region = styled.section`
  position: fixed;
  right: 16px;
  top: calc(${({ theme }) => theme.layout.topBarHeight} + 12px);
  z-index: 60;
  display: flex;
  flex-direction: column;
  gap: 8px;
  width: min(380px, calc(100vw - 32px));
`;

const Item = styled.div<{ $tone: Tone }>`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  justify-content: space-between;
  background: ${({ theme }) => theme.color.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-left: 4px solid ${({ theme, $tone }) => theme.color[$tone]};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.md};
  padding: 10px 12px;
  button { background: none; border: none; color: ${({ theme }) => theme.color.textMuted}; cursor: pointer; font-size: 16px; line-height: 1; }
`;

export function Toaster() {
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <Region aria-label={es.toast.region}>
      {items.map((item) => (
        <Item key={item.id} $tone={item.tone} role={item.tone === 'danger' ? 'alert' : 'status'}>
          <span>{item.message}</span>
          <button type="button" aria-label={es.toast.dismiss} onClick={() => dismiss(item.id)}>
            ×
          </button>
        </Item>
      ))}
    </Region>
  );
}

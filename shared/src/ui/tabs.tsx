import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import styled from 'styled-components';

// Not in the SDK's barrel: only the settings and admin screens show tabs, so each of those remotes
// bundles this file and Radix's tabs (`@luz/shared/tabs`, not a shared singleton: it holds no
// state) and the sign-in screens do not load them.

const List = styled(RadixTabs.List)`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  margin-bottom: ${({ theme }) => theme.space(5)};
  overflow-x: auto;
`;

const Trigger = styled(RadixTabs.Trigger)`
  background: none;
  border: none;
  border-bottom: 2px solid transparent;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;
  font-weight: 600;
  white-space: nowrap;
  &[data-state='active'] {
    color: ${({ theme }) => theme.color.text};
    border-bottom-color: ${({ theme }) => theme.color.primary};
  }
`;

export type TabItem<T extends string | number> = { value: T; label: string; content: ReactNode };

/**
 * Tabs controlled by the caller, so the selected tab can live in the URL.
 * Arrow keys move between tabs (roving focus, from Radix).
 */
export function Tabs<T extends string | number>({
  value,
  onValueChange,
  items,
  label,
}: {
  value: T;
  onValueChange: (value: T) => void;
  items: TabItem<T>[];
  label: string;
}) {
  const byKey = new Map(items.map((item) => [String(item.value), item.value]));
  return (
    <RadixTabs.Root
      value={String(value)}
      onValueChange={(key) => {
        const next = byKey.get(key);
        if (next !== undefined) onValueChange(next);
      }}
      activationMode="manual"
    >
      <List aria-label={label}>
        {items.map((item) => (
          <Trigger key={String(item.value)} value={String(item.value)}>
            {item.label}
          </Trigger>
        ))}
      </List>
      {items.map((item) => (
        <RadixTabs.Content key={String(item.value)} value={String(item.value)}>
          {String(item.value) === String(value) ? item.content : null}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}

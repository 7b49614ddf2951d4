import { COLOR_MODE_COOKIE } from '@luz/shared/boot';
import { useSyncExternalStore } from 'react';
import type { ColorMode } from './theme';

/** What the user chose in "Apariencia"; `system` follows the operating system. Dark by default. */
export type ThemePreference = 'dark' | 'light' | 'system';

const storageKey = 'luz.theme';
const listeners = new Set<() => void>();

function readPreference(): ThemePreference {
  try {
    const stored = globalThis.localStorage?.getItem(storageKey);
    return stored === 'light' || stored === 'system' || stored === 'dark' ? stored : 'dark';
  } catch {
    return 'dark';
  }
}

function systemMode(): ColorMode {
  return globalThis.matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
}

export function resolveColorMode(preference: ThemePreference): ColorMode {
  return preference === 'system' ? systemMode() : preference;
}

export const themePreference = {
  get: readPreference,
  set(preference: ThemePreference) {
    try {
      globalThis.localStorage?.setItem(storageKey, preference);
    } catch {
      // Storage may be blocked; the choice then lasts for this page only.
    }
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    const media = globalThis.matchMedia?.('(prefers-color-scheme: light)');
    media?.addEventListener?.('change', listener);
    const onStorage = (event: StorageEvent) => event.key === storageKey && listener();
    globalThis.addEventListener?.('storage', onStorage);
    return () => {
      listeners.delete(listener);
      media?.removeEventListener?.('change', listener);
      globalThis.removeEventListener?.('storage', onStorage);
    };
  },
};

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Keeps the colour mode the app shows in a cookie, so that the next page the API serves comes with
 * its drawn markup (a sign-in screen, a first frame) in that mode, not dark and then light
 * (docs/decisions/177). The mode only, resolved: "system" is stored as what it showed.
 */
export function rememberColorMode(mode: ColorMode) {
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API exists only in secure contexts, which a plain-HTTP deploy on a LAN is not.
    globalThis.document.cookie = `${COLOR_MODE_COOKIE}=${mode}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
  } catch {
    // A document without cookies (sandboxed): the markup stays in the default mode.
  }
}

/** The stored preference and the colour mode it resolves to, kept in step across tabs. */
export function useThemePreference(): { preference: ThemePreference; mode: ColorMode } {
  const preference = useSyncExternalStore(themePreference.subscribe, readPreference, () => 'dark' as const);
  const mode = useSyncExternalStore(
    themePreference.subscribe,
    () => resolveColorMode(readPreference()),
    () => 'dark' as const,
  );
  return { preference, mode };
}

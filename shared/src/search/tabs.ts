import type { EnumOption } from '../enums/labels';
import { es } from '../text/es';

/** Tabs of /settings (spec §2), as the `tab` search parameter numbers them. */
export const SettingsTab = { userInformation: 0, appearance: 1, security: 2, cfe: 3, webhooks: 4 } as const;
export type SettingsTab = (typeof SettingsTab)[keyof typeof SettingsTab];
export const settingsTabValues = [0, 1, 2, 3, 4] as const satisfies readonly SettingsTab[];

/** The /settings tabs in order, with their Spanish labels. */
export const settingsTabs: readonly EnumOption<SettingsTab>[] = Object.freeze([
  { value: SettingsTab.userInformation, label: es.settings.tabs.userInformation },
  { value: SettingsTab.appearance, label: es.settings.tabs.appearance },
  { value: SettingsTab.security, label: es.settings.tabs.security },
  { value: SettingsTab.cfe, label: es.settings.tabs.cfe },
  { value: SettingsTab.webhooks, label: es.settings.tabs.webhooks },
]);

/** Tabs of /admin (spec §2). */
export const AdminTab = { users: 0, logs: 1, rpus: 2 } as const;
export type AdminTab = (typeof AdminTab)[keyof typeof AdminTab];
export const adminTabValues = [0, 1, 2] as const satisfies readonly AdminTab[];

/** The /admin tabs in order, with their Spanish labels. */
export const adminTabs: readonly EnumOption<AdminTab>[] = Object.freeze([
  { value: AdminTab.users, label: es.admin.tabs.users },
  { value: AdminTab.logs, label: es.admin.tabs.logs },
  { value: AdminTab.rpus, label: es.admin.tabs.rpus },
]);

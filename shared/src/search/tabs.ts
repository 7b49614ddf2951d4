/** Tabs of /settings (spec §2, and API tokens after them), as the `tab` search parameter numbers them. */
export const SettingsTab = {
  userInformation: 0,
  appearance: 1,
  security: 2,
  cfe: 3,
  webhooks: 4,
  apiTokens: 5,
} as const;
export type SettingsTab = (typeof SettingsTab)[keyof typeof SettingsTab];
export const settingsTabValues = [0, 1, 2, 3, 4, 5] as const satisfies readonly SettingsTab[];

/** Tabs of /admin (spec §2). */
export const AdminTab = { users: 0, logs: 1, rpus: 2 } as const;
export type AdminTab = (typeof AdminTab)[keyof typeof AdminTab];
export const adminTabValues = [0, 1, 2] as const satisfies readonly AdminTab[];

import { SettingsTab } from '../search/tabs';

/** Configuración › CFE with the account's edit open on its password ("Actualizar contraseña"). */
export const credentialPasswordPath = (credentialId: string) =>
  `/settings?tab=${SettingsTab.cfe}&credentialId=${credentialId}`;

/** The service list showing that one service. */
export const servicePath = (serviceNumber: string) =>
  `/rpus/?filterBy=serviceNumber&search=${encodeURIComponent(serviceNumber)}`;

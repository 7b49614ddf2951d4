export { authApi } from './auth';
export { billingApi } from './billing';
export { apiUrl, configureApi, http, onUnauthorized } from './client';
export { credentialsApi } from './credentials';
export { loadRuntimeConfig } from './runtime-config';
export type { DownloadedFile } from './rpus';
export { attachmentFileName, rpusApi } from './rpus';
export { usersApi } from './users';

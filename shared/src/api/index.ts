export { authApi } from './auth';
export { billingApi } from './billing';
export { apiUrl, configureApi, http, onUnauthorized } from './client';
export { credentialsApi } from './credentials';
export type { DownloadedFile } from './download';
export { attachmentFileName, saveDownloadedFile } from './download';
export { rpusApi } from './rpus';
export { loadRuntimeConfig } from './runtime-config';
export { usersApi } from './users';

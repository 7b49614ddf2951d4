export { adminApi } from './admin';
export { authApi } from './auth';
export { billingApi } from './billing';
export { apiUrl, configureApi, http, onUnauthorized } from './client';
export { credentialsApi } from './credentials';
export { loadRuntimeConfig } from './runtime-config';
export { usersApi } from './users';
export { webhooksApi } from './webhooks';

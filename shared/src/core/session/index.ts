export { safeLocalStorage } from './storage';
export type { SubscriptionHolder } from './subscription';
export { inactiveSubscriptionStatuses, isSubscriptionActive } from './subscription';
export {
  ACCESS_TOKEN_KEY,
  AUTHORIZATION_KEY,
  clearSession,
  getAccessToken,
  isLoggedIn,
  setAccessToken,
} from './token';

import { ACCESS_TOKEN_KEY } from '@luz/shared/boot';
import { safeLocalStorage } from './storage';

export { ACCESS_TOKEN_KEY };
/** The stored authorization entry that logging out also removes (spec §4). */
export const AUTHORIZATION_KEY = 'authorization';

/** The stored access token, or null (an empty value counts as none). */
export function getAccessToken(): string | null {
  const token = safeLocalStorage.get(ACCESS_TOKEN_KEY);
  return token ? token : null;
}

/** Stores the token; false when the browser refuses to store it (the login cannot persist). */
export function setAccessToken(token: string): boolean {
  if (!token) return false;
  return safeLocalStorage.set(ACCESS_TOKEN_KEY, token);
}

/** Logging out (spec §4): removes the token and the stored authorization entry. */
export function clearSession(): void {
  safeLocalStorage.remove(ACCESS_TOKEN_KEY);
  safeLocalStorage.remove(AUTHORIZATION_KEY);
}

/** Logged-in state is judged by the presence of a stored access token (spec §4). */
export function isLoggedIn(): boolean {
  return getAccessToken() !== null;
}

const storageKey = 'luz.sessionEnded';

/**
 * The API refused the session (spec §8: any 401 or 403): the token is already gone; the login
 * page, after the reload, tells the user why they are there instead of appearing out of nowhere.
 */
export function leaveForLogin() {
  try {
    window.sessionStorage.setItem(storageKey, '1');
  } catch {
    // Storage may be blocked: the user still lands on /login, only without the explanation.
  }
  window.location.assign('/login');
}

/** Whether the last page ended because the session was refused; asking forgets it. */
export function takeSessionEnded(): boolean {
  try {
    const ended = window.sessionStorage.getItem(storageKey) === '1';
    window.sessionStorage.removeItem(storageKey);
    return ended;
  } catch {
    return false;
  }
}

const storageKey = 'luz.sessionEnded';

/**
 * Set once this page is on its way to /login: its router may still draw the login page before
 * the new one loads (the cleared session sends it there too), and that drawing must leave the
 * explanation for the page that stays.
 */
let leaving = false;

/**
 * The API refused the session (spec §8: any 401 or 403): the token is already gone; the login
 * page, after the reload, tells the user why they are there instead of appearing out of nowhere.
 */
export function leaveForLogin() {
  leaving = true;
  try {
    window.sessionStorage.setItem(storageKey, '1');
  } catch {
    // Storage may be blocked: the user still lands on /login, only without the explanation.
  }
  window.location.assign('/login');
}

/**
 * Whether the last page ended because the session was refused. Asking forgets it, except on the
 * page that is leaving: the login page it loads asks again.
 */
export function takeSessionEnded(): boolean {
  try {
    const ended = window.sessionStorage.getItem(storageKey) === '1';
    if (!leaving) window.sessionStorage.removeItem(storageKey);
    return ended;
  } catch {
    return false;
  }
}

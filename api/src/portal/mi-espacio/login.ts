import { formBody, type WebForm } from './forms';
import { connectorMessages } from './messages';
import { type Navigator, pageOf, pageOrRefusal, unknownPage } from './navigation';
import {
  aboutCaptcha,
  captchaImage,
  isLoggedInPage,
  isLoginPage,
  loginError,
  type Page,
  readAnswer,
} from './pages';
import { type CaptchaChallenge, CfePortalError, type PortalCredential } from './portal';
import type { PortalSession } from './session';
import { controls, miEspacioPath } from './site';

/**
 * Fetches the CAPTCHA image with the session's cookies (it belongs to that session's form) and
 * turns it into a challenge carrying the session, so that any worker can post the answer.
 */
export async function challengeOf(
  navigator: Navigator,
  session: PortalSession,
  form: WebForm,
  image: URL,
  scope: CaptchaChallenge['scope'],
): Promise<CaptchaChallenge> {
  const answer = await navigator.http.send(session, 'GET', image);
  if (!answer.contentType.startsWith('image/') || answer.body.length === 0) {
    const reading = readAnswer(answer);
    const page = reading.kind === 'file' ? null : pageOrRefusal(navigator, reading);
    throw await unknownPage(navigator, page, { during: 'captcha', secrets: [] });
  }
  session.pending = form;
  session.challenge = {
    scope,
    image: answer.body,
    contentType: answer.contentType.split(';')[0] ?? answer.contentType,
    issuedAt: Date.now(),
    session: session.snapshot(),
  };
  return session.challenge;
}

/**
 * Logs the session in: Login.aspx's form with the user and password, and the CAPTCHA's answer
 * when one was asked. A CAPTCHA asked (on the form, or after a first try) becomes a challenge;
 * lblError is a refused login. Success is a logged-in page (Default.aspx, by redirect or in place).
 */
export async function logIn(
  navigator: Navigator,
  session: PortalSession,
  credential: PortalCredential,
  captchaAnswer?: string,
): Promise<Page> {
  const secrets = [credential.password, credential.cfeUser];
  const during = { during: 'login', secrets };
  let form: WebForm;
  if (captchaAnswer !== undefined && session.pending) form = session.pending;
  else {
    session.restart();
    const page = await pageOf(navigator, session, {
      method: 'GET',
      url: navigator.http.url(miEspacioPath('login')),
      authenticated: false,
      ...during,
    });
    if (!isLoginPage(page) || !page.form) throw await unknownPage(navigator, page, during);
    const image = captchaImage(page);
    if (image) {
      const challenge = await challengeOf(navigator, session, page.form, image, 'login');
      throw new CfePortalError('captcha_required', connectorMessages.captchaRequired, { challenge });
    }
    form = page.form;
  }
  session.pending = null;
  session.challenge = null;
  const page = await pageOf(navigator, session, {
    method: 'POST',
    url: form.action,
    form: formBody(form, {
      [controls.user.name]: credential.cfeUser,
      [controls.password.name]: credential.password,
      ...(captchaAnswer !== undefined ? { [controls.captcha.name]: captchaAnswer.trim() } : {}),
      [controls.loginButton.name]: 'Ingresar',
    }),
    authenticated: false,
    ...during,
  });
  if (isLoginPage(page)) {
    const error = loginError(page);
    const image = captchaImage(page);
    if (image && page.form && (!error || aboutCaptcha(error))) {
      const challenge = await challengeOf(navigator, session, page.form, image, 'login');
      throw error
        ? new CfePortalError('captcha_refused', connectorMessages.captchaRefused, { challenge })
        : new CfePortalError('captcha_required', connectorMessages.captchaRequired, { challenge });
    }
    if (error) throw new CfePortalError('login_refused', connectorMessages.loginRefused(error));
    throw await unknownPage(navigator, page, during);
  }
  if (!isLoggedInPage(page)) throw await unknownPage(navigator, page, during);
  session.loggedIn = true;
  return page;
}

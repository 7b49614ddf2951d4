import { formBody, postback } from './forms';
import { consultationRows } from './grid';
import { challengeOf } from './login';
import { connectorMessages } from './messages';
import { type Navigator, navigate, pageOf, unknownPage } from './navigation';
import { captchaImage, type Page, pageMessage, says } from './pages';
import {
  CfePortalError,
  type Consultation,
  type ConsultationRequest,
  type ConsultedReceipt,
  type SessionSnapshot,
} from './portal';
import { PortalSession } from './session';
import { consultationPath, consultationControls as fields, messages } from './site';

/** What the consultation form asks besides the name and number (optional on the replica; unknown on CFE). */
export type ConsultationContact = { areaCode: string; phone: string; email: string };

/** A public conversation (no login): its own cookies, or the ones of a CAPTCHA being answered. */
export function consultationSession(snapshot?: SessionSnapshot): PortalSession {
  return snapshot ? PortalSession.fromSnapshot(snapshot, '') : new PortalSession('', '');
}

/**
 * "Consulta tu recibo": the holder's name exactly as CFE has it and the service number, then
 * maybe an image CAPTCHA (a challenge, answered like the login's), then the latest receipts; the
 * newest `downloads` XMLs are fetched (their IMPTOTAL is the total to pay). Null when CFE has no
 * receipt for the service.
 */
export async function consult(
  navigator: Navigator,
  session: PortalSession,
  request: ConsultationRequest,
  options: { downloads: number; contact: ConsultationContact; captchaAnswer?: string },
): Promise<Consultation | null> {
  const during = { during: 'consultation', secrets: [] };
  const send = (form: URLSearchParams, url: URL) =>
    pageOf(navigator, session, { method: 'POST', url, form, authenticated: false, ...during });
  let page: Page;
  if (options.captchaAnswer !== undefined && session.pending) {
    page = await send(
      formBody(session.pending, {
        [fields.captcha.name]: options.captchaAnswer.trim(),
        [fields.captchaButton.name]: 'Validar',
      }),
      session.pending.action,
    );
  } else {
    const form = await pageOf(navigator, session, {
      method: 'GET',
      url: navigator.http.url(consultationPath),
      authenticated: false,
      ...during,
    });
    if (!form.form) throw await unknownPage(navigator, form, during);
    page = await send(
      formBody(form.form, {
        [fields.holderName.name]: request.holderName.trim(),
        [fields.serviceNumber.name]: request.serviceNumber,
        [fields.areaCode.name]: options.contact.areaCode,
        [fields.phone.name]: options.contact.phone,
        [fields.mobile.name]: '',
        [fields.email.name]: options.contact.email,
        [fields.continueButton.name]: 'Continuar',
      }),
      form.form.action,
    );
  }
  session.pending = null;
  const message = pageMessage(page);
  const image = captchaImage(page);
  if (image && page.form) {
    const challenge = await challengeOf(navigator, session, page.form, image, 'consultation');
    throw message && says(message, 'incorrecto')
      ? new CfePortalError('captcha_refused', connectorMessages.captchaRefused, { challenge })
      : new CfePortalError('captcha_required', connectorMessages.captchaRequired, { challenge });
  }
  const rows = consultationRows(page);
  if (!rows) {
    if (says(message, messages.nameMismatch))
      throw new CfePortalError('name_mismatch', connectorMessages.nameMismatch(request.serviceNumber));
    if (says(message, 'campos obligatorios'))
      throw new CfePortalError('required_fields', connectorMessages.requiredFields);
    if (says(message, 'no se encontr')) return null;
    throw await unknownPage(navigator, page, during);
  }
  const receipts: ConsultedReceipt[] = [];
  for (const [index, row] of rows.entries()) {
    if (index >= options.downloads || !row.targets.xml || !page.form) {
      receipts.push({ month: row.month, xml: null });
      continue;
    }
    const answer = await navigate(navigator, session, {
      method: 'POST',
      url: page.form.action,
      form: postback(page.form, row.targets.xml),
      authenticated: false,
      ...during,
    });
    if (!('file' in answer)) throw await unknownPage(navigator, answer.page, during);
    receipts.push({ month: row.month, xml: answer.file });
  }
  return receipts.length ? { receipts } : null;
}

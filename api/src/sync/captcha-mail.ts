import type { MailMessage } from '../mail';
import { layout } from '../mail/templates';

/** The e-mail of a scheduled sync paused on CFE's CAPTCHA: what to do, and for how long it waits. */
export function captchaMail({
  to,
  fullName,
  cfeUser,
  until,
  link,
}: {
  to: string;
  fullName: string;
  cfeUser: string;
  until: Date;
  link: string;
}): MailMessage {
  const title = 'CFE pide resolver un captcha';
  const minutes = Math.max(1, Math.round((until.getTime() - Date.now()) / 60_000));
  const paragraphs = [
    fullName ? `Hola, ${fullName}:` : 'Hola:',
    `La sincronización programada de tu cuenta de CFE ${cfeUser} está en pausa: el portal de CFE pide resolver un captcha.`,
    `Entra a Luz en los próximos ${minutes === 1 ? 'minuto' : `${minutes} minutos`} y escribe los caracteres de la imagen en Sincronizaciones; la sincronización continuará sola. Si no alcanzas, podrás reintentarla después.`,
  ];
  const footer = 'Luz nunca envía los captchas de CFE a terceros: solo tu equipo los resuelve.';
  return {
    to,
    subject: `Luz: CFE pide resolver un captcha (${cfeUser})`,
    text: [...paragraphs, '', `Abre Luz en ${link}`, '', footer, '', '— Luz'].join('\n'),
    html: layout(title, paragraphs, { label: 'Resolver el captcha', url: link }, footer),
  };
}

import { escapeUTF8 } from 'entities';
import type { MailMessage } from './mailer';

/** The HTML frame of every e-mail: title, paragraphs (escaped), one button and a footer. */
export function layout(
  title: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footer: string,
): string {
  const body = paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px">${escapeUTF8(paragraph)}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>${escapeUTF8(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f7;font-family:Arial,Helvetica,sans-serif;color:#1f1f29">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:22px;color:#C71585">${escapeUTF8(title)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeUTF8(action.url)}" style="display:inline-block;padding:12px 20px;background:#DA70D6;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeUTF8(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">Si el botón no funciona, copia este enlace en tu navegador:<br><a href="${escapeUTF8(action.url)}">${escapeUTF8(action.url)}</a></p>
<p style="margin:24px 0 0;font-size:13px;color:#555">${escapeUTF8(footer)}</p>
</div>
</body>
</html>`;
}

const greeting = (fullName: string) => (fullName ? `Hola, ${fullName}:` : 'Hola:');

/** The plain-text version: the lines, then the footer and the signature. */
const plainText = (lines: string[], footer: string) => [...lines, '', footer, '', '— Luz'].join('\n');

const minutesText = (minutes: number) => (minutes === 1 ? '1 minuto' : `${minutes} minutos`);

export function passwordResetMail({
  to,
  fullName,
  link,
  expiresInMinutes,
}: {
  to: string;
  fullName: string;
  link: string;
  expiresInMinutes: number;
}): MailMessage {
  const title = 'Restablece tu contraseña';
  const paragraphs = [
    greeting(fullName),
    `Recibimos una solicitud para restablecer la contraseña de tu cuenta de Luz (${to}).`,
    `El enlace funciona una sola vez y vence en ${minutesText(expiresInMinutes)}.`,
  ];
  const footer = 'Si no solicitaste este cambio, ignora este correo: tu contraseña seguirá siendo la misma.';
  return {
    to,
    subject: 'Luz: restablece tu contraseña',
    text: plainText([...paragraphs, '', 'Abre este enlace para elegir una contraseña nueva:', link], footer),
    html: layout(title, paragraphs, { label: 'Elegir una contraseña nueva', url: link }, footer),
  };
}

/**
 * To the address an account had before its e-mail changed: whoever holds a session could
 * otherwise move the account to their own address and take it over with a password reset,
 * unnoticed.
 */
export function emailChangedMail({
  to,
  fullName,
  newEmail,
  loginUrl,
}: {
  to: string;
  fullName: string;
  newEmail: string;
  loginUrl: string;
}): MailMessage {
  const title = 'Cambió el correo de tu cuenta';
  const paragraphs = [
    greeting(fullName),
    `El correo de tu cuenta de Luz cambió de ${to} a ${newEmail}. Desde ahora inicias sesión y recibes los avisos en la dirección nueva.`,
  ];
  const footer =
    'Si no hiciste este cambio, alguien usó tu sesión: contacta de inmediato al administrador de Luz de tu empresa.';
  return {
    to,
    subject: 'Luz: cambió el correo de tu cuenta',
    text: plainText(paragraphs, footer),
    html: layout(title, paragraphs, { label: 'Abrir Luz', url: loginUrl }, footer),
  };
}

/** To the account's address after its password changed from inside a session. */
export function passwordChangedMail({
  to,
  fullName,
  recoverUrl,
}: {
  to: string;
  fullName: string;
  recoverUrl: string;
}): MailMessage {
  const title = 'Cambió tu contraseña';
  const paragraphs = [
    greeting(fullName),
    `La contraseña de tu cuenta de Luz (${to}) cambió. Las sesiones abiertas con la contraseña anterior se cerraron.`,
  ];
  const footer = 'Si no hiciste este cambio, restablece tu contraseña con el botón de arriba de inmediato.';
  return {
    to,
    subject: 'Luz: cambió tu contraseña',
    text: plainText([...paragraphs, '', `Restablece tu contraseña: ${recoverUrl}`], footer),
    html: layout(title, paragraphs, { label: 'Restablecer mi contraseña', url: recoverUrl }, footer),
  };
}

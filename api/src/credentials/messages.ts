/** Every `detail` of the credentials endpoints that a person may read (Spanish, shown verbatim). */
export const credentialMessages = {
  notFound: 'Cuenta de CFE no encontrada',
  cfeUserTaken: 'Ya tienes una cuenta de CFE con ese usuario',
  deleted: 'La cuenta de CFE se eliminó. Sus servicios quedaron sin cuenta asignada.',
  connected: 'Conectado con CFE. Luz usará esta sesión para sincronizar.',
  captchaWaiting: 'CFE pide resolver un captcha: escribe los caracteres de la imagen.',
  noCaptcha: 'CFE no está pidiendo un captcha para esta cuenta.',
  captchaGone:
    'Ese captcha ya no es válido (se respondió, venció o hay uno nuevo). Usa la imagen más reciente.',
  captchaOwnerOnly: 'Solo la persona dueña de la cuenta de CFE puede resolver su captcha.',
  consultationAnswered:
    'Respuesta enviada a la consulta de recibos de CFE: la sincronización continúa. Si no coincide, verás otra imagen.',
  consultationRedrawn: 'Pedimos otra imagen a la consulta de recibos de CFE: aparecerá en unos segundos.',
} as const;

/** What the connector's errors tell the user (and operators): what happened and what can be done. */
export const connectorMessages = {
  firewall:
    'El firewall de CFE rechazó la conexión. Luz lo intentará de nuevo más tarde; si se repite, el servidor necesita salir a internet por una dirección en México (PORTAL_PROXY_URL).',
  emptyAnswer: 'CFE respondió con una página vacía (su firewall). Luz lo intentará de nuevo más tarde.',
  outage: 'El portal de CFE no está disponible por el momento. Luz lo intentará de nuevo más tarde.',
  xmlThrottle: 'CFE limita por ahora las descargas de XML. Luz continuará en unos momentos.',
  loginRefused: (reason: string) =>
    `CFE rechazó el inicio de sesión${reason ? `: «${reason}»` : ''}. Revisa el usuario y la contraseña de CFE en Configuración › CFE.`,
  captchaRequired: 'Resuelve el captcha de CFE: escribe los caracteres de la imagen para continuar.',
  captchaRefused: 'Los caracteres no coinciden con la imagen. Resuelve el nuevo captcha de CFE.',
  staleGrid: (serviceNumber: string) =>
    `CFE mostró los documentos de otro servicio en lugar de los del ${serviceNumber}; Luz abrirá una sesión nueva.`,
  nameMismatch: (serviceNumber: string) =>
    `CFE no reconoce ese nombre del titular para el servicio ${serviceNumber}. Escríbelo exactamente como aparece en el recibo (campo NOMBRE), sin abreviar ni agregar puntos.`,
  totalMismatch: (serviceNumber: string) =>
    `El total a pagar no coincide con el último ni con el penúltimo recibo del servicio ${serviceNumber}. Escribe el «Total a pagar» del último recibo, sin centavos.`,
  requiredFields: 'CFE pide el nombre del titular, el número de servicio y el total a pagar.',
  serviceCap: (count: number, cap: number) =>
    `La cuenta de CFE ya tiene ${count} servicios y el límite configurado es ${cap}: CFE podría bloquear la cuenta. Confirma para agregar más.`,
  serviceLimit: 'CFE no permite agregar más servicios a esta cuenta.',
  unknownService: (serviceNumber: string) => `CFE no tiene el número de servicio ${serviceNumber}. Revísalo.`,
  notInAccount: (serviceNumber: string) => `El servicio ${serviceNumber} no está en la cuenta de CFE.`,
  documentMissing: (name: string, serviceNumber: string) =>
    `CFE ya no muestra el documento ${name} del servicio ${serviceNumber}.`,
  unknownPage:
    'CFE mostró una página que Luz no reconoce (se guardó para revisarla, sin contraseñas ni cookies). Luz lo intentará de nuevo.',
} as const;

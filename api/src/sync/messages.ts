/**
 * What the sync engine tells the user: task and step messages (stored with the task, sent with
 * every sync event) and the `detail` of its endpoints. Spanish, shown verbatim by the interface.
 */
const pesos = (value: string | number) =>
  Number(value).toLocaleString('es-MX', { style: 'currency', currency: 'MXN' });

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const syncMessages = {
  // Endpoints
  credentialNotFound: 'Cuenta de CFE no encontrada',
  rpuNotFound: 'Servicio no encontrado',
  someRpusNotFound: 'Alguno de los servicios no existe',
  rpuNotInCredential: 'El servicio no pertenece a esta cuenta de CFE',
  alreadySyncing: 'Este servicio ya se está sincronizando. Espera a que termine.',
  allAlreadySyncing: 'Todos estos servicios ya se están sincronizando. Espera a que terminen.',
  nothingToSync: 'Esta cuenta de CFE no tiene servicios para sincronizar.',
  serviceCapExceeded: (services: number, cap: number) =>
    `Con estos servicios la cuenta de CFE quedaría con ${services} servicios y el límite configurado es ${cap}: según otros usuarios, CFE bloquea las cuentas con más de 10 servicios. Confirma que quieres rebasarlo para continuar.`,
  taskNotFound: 'Tarea no encontrada',
  taskAssociationNotFound: 'Servicio de la tarea no encontrado',
  nothingToRetry: 'No hay servicios con error para reintentar en lo que elegiste.',
  paymentNotFound: 'Alguno de los pagos no existe',

  // Steps in progress
  running: {
    fetching_service_data: 'Obteniendo los datos del servicio…',
    linking: 'Vinculando el servicio con tu cuenta de CFE…',
    syncing_portal: 'Descargando recibos del portal de CFE…',
    syncing_consultation: 'Consultando el último recibo en el servicio de consulta de CFE…',
    linking_additional_info: 'Vinculando el servicio con el importe del último pago…',
    syncing_again: 'Descargando recibos del portal de CFE…',
    fetching_data: 'Obteniendo los servicios de tu cuenta de CFE…',
    syncing: 'Descargando recibos del portal de CFE…',
    link_attempt: 'Vinculando el servicio con tu cuenta de CFE…',
    syncing_payment_history: 'Descargando el historial de pagos…',
  } as Record<string, string>,
  queued: 'En espera de turno para la cuenta de CFE…',
  captchaWaiting: 'Resuelve el captcha de CFE para continuar.',

  // Outcomes
  synced: (periods: number, created: number, paymentsCreated = 0) =>
    periods === 0
      ? 'Sincronizado. El portal no tiene recibos de este servicio.'
      : `Sincronizado: ${plural(periods, 'periodo', 'periodos')}${created > 0 ? `, ${plural(created, 'nuevo', 'nuevos')}` : ''}${paymentsCreated > 0 ? `; ${plural(paymentsCreated, 'pago nuevo', 'pagos nuevos')} en el historial` : ''}.`,
  downloading: (stored: number, listed: number) =>
    `Descargando recibos del portal de CFE: ${stored} de ${listed}…`,
  linked: 'Servicio vinculado con tu cuenta de CFE.',
  alreadyLinked: 'El servicio ya estaba vinculado con tu cuenta de CFE.',
  consulted: (total: string, finalDate: string) =>
    `Último recibo según el servicio de consulta: ${pesos(total)} (periodo al ${finalDate}).`,
  consultationEmpty: 'El servicio de consulta no tiene recibos de este servicio.',
  accountFetched: (services: number, created: number) =>
    `Tu cuenta de CFE tiene ${plural(services, 'servicio', 'servicios')}${created > 0 ? `; ${plural(created, 'nuevo agregado', 'nuevos agregados')} a Luz` : ''}.`,
  paymentsSynced: (payments: number, created: number) =>
    `Historial de pagos sincronizado: ${plural(payments, 'pago', 'pagos')}${created > 0 ? `, ${plural(created, 'nuevo', 'nuevos')}` : ''}.`,
  retrying: (attempt: number, max: number, seconds: number, reason: string) =>
    `${reason} Reintentaremos en ${seconds < 60 ? `${Math.max(1, Math.round(seconds))} s` : `${Math.round(seconds / 60)} min`} (intento ${attempt + 1} de ${max}).`,
  coolingDown:
    'El portal de CFE pidió esperar antes de más solicitudes; la sincronización sigue en cuanto lo permita.',
  failedAfterRetries: (max: number, reason: string) =>
    `${reason} No se pudo completar después de ${max} intentos.`,

  // User errors (status 3)
  noCredential: 'El servicio no tiene una cuenta de CFE asignada. Asígnale una para sincronizarlo.',
  invalidCredentials:
    'El portal de CFE rechazó el usuario o la contraseña. Actualiza la contraseña de la cuenta de CFE y vuelve a intentarlo.',
  captcha:
    'El portal de CFE pide resolver un captcha y nadie lo respondió a tiempo. Vuelve a intentarlo y resuélvelo en Luz cuando aparezca.',
  cannotLink: 'El portal de CFE no permite agregar este servicio a tu cuenta.',
  serviceNotFound: 'CFE no reconoce este número de servicio. Revisa que sea correcto.',
  needsLastPayment:
    'CFE no aceptó el total a pagar de los últimos recibos que muestra su consulta. Captura el "Total a pagar del último recibo, sin centavos" y vuelve a intentarlo.',
  wrongLastPayment:
    'El total a pagar no coincide con el último ni con el penúltimo recibo según CFE. Revísalo (sin centavos) y vuelve a intentarlo.',
  needsHolderName:
    'CFE pide el nombre del titular tal como aparece en el recibo para vincular el servicio. Captúralo en el servicio y vuelve a intentarlo.',
  notLinked: 'El servicio no está vinculado con tu cuenta de CFE.',
  nameMismatch:
    'CFE no reconoce ese nombre del titular para este servicio. Escríbelo exactamente como aparece en el recibo (campo NOMBRE), sin abreviar ni agregar puntos, y vuelve a intentarlo.',
  serviceCapReached:
    'La cuenta de CFE ya tiene el máximo de servicios configurado (PORTAL_SERVICE_CAP): según otros usuarios, CFE bloquea las cuentas con más de 10. Confirma si quieres rebasarlo para vincular este servicio.',
  serviceLimit:
    'CFE no permite agregar más servicios a esta cuenta. Elimina en Mi Espacio los que ya no uses, o asigna el servicio a otra cuenta de CFE, y vuelve a intentarlo.',
  sameCredentialFailed: (reason: string) => reason,

  // System errors (retried, then status 2)
  portalUnavailable: 'El portal de CFE no está disponible.',
  portalTimeout: 'El portal de CFE no respondió a tiempo.',
  portalRateLimited: 'El portal de CFE pidió esperar antes de más solicitudes.',
  portalUnexpected: 'El portal de CFE respondió algo inesperado.',
  paymentNotOfService: (serviceNumber: string, series: string, folio: string) =>
    `El comprobante de pago ${series}-${folio} no dice a qué servicio pertenece y no paga recibos del servicio ${serviceNumber}; no se guardó.`,
  documentInvalid: 'Un recibo descargado del portal está dañado; no se guardó.',
  internal: 'Ocurrió un error inesperado al sincronizar.',

  // Task summaries
  taskSummary: (counts: { total: number; success: number; failed: number }) =>
    counts.total <= 1
      ? undefined
      : counts.failed === 0
        ? `${plural(counts.success, 'servicio sincronizado', 'servicios sincronizados')}.`
        : `${counts.success} de ${plural(counts.total, 'servicio', 'servicios')} con éxito; ${counts.failed} con error.`,

  // E-mail
  newReceiptsSubject: (name: string) => `Luz: nuevo recibo de CFE de ${name}`,
} as const;

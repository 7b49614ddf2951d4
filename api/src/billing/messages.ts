/**
 * What the billing endpoints and the local provider's pages say to people (Spanish, like
 * `../messages.ts`; kept beside the billing code so the domain is in one folder).
 */
export const billingMessages = {
  // API details
  alreadySubscribed: 'Ya tienes una suscripción activa',
  invalidRedirect: 'La dirección de regreso no es válida',
  checkoutNotFound: 'No encontramos ese pago',
  checkoutNotCompleted: 'El pago todavía no se completa',
  checkoutCancelled: 'El pago se canceló o expiró. Inicia uno nuevo.',
  providerUnavailable: 'El servicio de pagos no está disponible por el momento. Intenta de nuevo más tarde.',
  providerError: 'El servicio de pagos rechazó la operación. Intenta de nuevo más tarde.',
  noSubscription: 'No tienes una suscripción',
  cannotCancel: 'Tu suscripción ya está cancelada',
  cannotPause: 'Solo una suscripción activa se puede pausar',
  cannotResume: 'Solo una suscripción pausada se puede reanudar',
  tooManyCheckouts: 'Demasiados intentos de pago. Intenta de nuevo en unos minutos.',
  webhookUnauthorized: 'Credenciales del webhook incorrectas',

  // The local provider's checkout page
  page: {
    lang: 'es',
    title: 'Pago de la suscripción',
    localNotice:
      'Este servidor usa el proveedor de pagos local: no se cobra nada. Confirma para activar tu suscripción al instante.',
    plan: 'Plan Empresa',
    planDescription: 'Servicios ilimitados, sincronización automática, descargas masivas y webhooks.',
    account: 'Cuenta',
    company: 'Empresa',
    confirm: 'Confirmar suscripción',
    cancel: 'Cancelar y regresar',
    back: 'Regresar a Luz',
    notFoundTitle: 'Enlace de pago no encontrado',
    notFound: 'Este enlace de pago no existe. Regresa a Luz e inicia el pago de nuevo.',
    doneTitle: 'Pago completado',
    done: 'Este pago ya se completó.',
    closedTitle: 'Enlace de pago vencido',
    closed: 'Este enlace de pago se canceló o venció. Regresa a Luz e inicia el pago de nuevo.',
  },
} as const;

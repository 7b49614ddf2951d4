import type { SubscriptionStatus } from '../contract/users';

/** Texts of the subscription screen (host `/subscription`). Part of the one catalogue, `es.subscription`. */
export const billingText = {
  title: 'Suscripción',
  subtitle: 'Activa tu suscripción para usar Luz con todos tus servicios.',
  plan: 'Plan Empresa',
  planDescription: 'Servicios ilimitados, sincronización automática, descargas masivas y webhooks.',
  currentStatus: 'Estado actual',
  updatedAt: (when: string) => `Actualizado el ${when}`,
  checkout: 'Suscribirme',
  redirecting: 'Redirigiendo al pago…',
  confirming: 'Confirmando tu suscripción…',
  retryConfirm: 'Reintentar confirmación',
  checkoutCancelled: 'No se completó el pago. Puedes intentarlo de nuevo cuando quieras.',
  goToApp: 'Ir a la aplicación',
  activeMessage: 'Tu suscripción está activa.',
  superuserMessage: 'Como administrador tienes acceso a Luz sin suscripción.',
  inactiveMessage: 'Tu suscripción no está activa.',
  /** Why the user is here, for each status that does not give access (spec §4). */
  inactiveReason: {
    no_subscription: 'Aún no tienes una suscripción. Suscríbete para empezar a usar Luz.',
    cancelled: 'Tu suscripción fue cancelada. Suscríbete de nuevo para seguir usando Luz.',
    paused: 'Tu suscripción está pausada. Reanúdala para seguir usando Luz.',
    future: 'Tu suscripción todavía no comienza. Podrás usar Luz a partir de su fecha de inicio.',
  } satisfies Partial<Record<SubscriptionStatus, string>>,
  manage: {
    title: 'Administrar suscripción',
    localNote: 'Proveedor de pagos local: los cambios se aplican al instante y no se hace ningún cobro.',
    cancel: 'Cancelar suscripción',
    cancelTitle: '¿Cancelar tu suscripción?',
    cancelDescription: 'Perderás el acceso a Luz hasta que te suscribas de nuevo.',
    pause: 'Pausar suscripción',
    pauseTitle: '¿Pausar tu suscripción?',
    pauseDescription: 'No podrás usar Luz mientras esté pausada. Podrás reanudarla cuando quieras.',
    resume: 'Reanudar suscripción',
    done: {
      cancel: 'Cancelaste tu suscripción.',
      pause: 'Pausaste tu suscripción.',
      resume: 'Reanudaste tu suscripción.',
    },
  },
  status: {
    active: 'Activa',
    in_trial: 'En periodo de prueba',
    non_renewing: 'Activa sin renovación',
    paused: 'Pausada',
    cancelled: 'Cancelada',
    future: 'Programada',
    transferred: 'Transferida',
    no_subscription: 'Sin suscripción',
  } satisfies Record<SubscriptionStatus, string>,
};

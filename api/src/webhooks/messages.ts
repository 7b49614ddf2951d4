/**
 * What the API tells a webhook's owner, in Spanish: `detail` of errors and the `last_error` of a
 * delivery, which the settings screen shows as is.
 */
const addressKinds = {
  loopback: 'de loopback (este mismo servidor)',
  private: 'de una red privada',
  linkLocal: 'de enlace local',
  metadata: 'del servicio de metadatos de la nube',
  multicast: 'de multidifusión',
  unspecified: 'no especificada',
  reserved: 'reservada',
} as const;

export const webhookMessages = {
  notFound: 'Webhook no encontrado',
  rpuNotFound: 'Servicio no encontrado',
  deleted: 'Webhook eliminado',
  testMessage: 'Prueba de webhook enviada desde Luz',
  addressKinds,
  refusedAddress: (address: string, kind: keyof typeof addressKinds) =>
    `No enviamos webhooks a ${address}: es una dirección ${addressKinds[kind]}.`,
  /** A name is refused by what it points to, never by the address: the server's DNS view is not the user's to map. */
  refusedName: (hostname: string, kind: keyof typeof addressKinds) =>
    `No enviamos webhooks a ${hostname}: apunta a una dirección ${addressKinds[kind]}.`,
  unresolvable: (hostname: string) => `No pudimos resolver el dominio ${hostname}.`,
  timeout: (ms: number) => `El receptor no respondió en ${ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`}.`,
  redirect: (location: string | undefined) =>
    location
      ? `El receptor respondió con una redirección a ${location.slice(0, 200)}; no seguimos redirecciones.`
      : 'El receptor respondió con una redirección; no seguimos redirecciones.',
  httpStatus: (status: number) => `El receptor respondió ${status}.`,
  gone: 'El receptor respondió 410 (Gone): desactivamos el webhook.',
  connection: (code: string | undefined) =>
    code === 'ECONNREFUSED'
      ? 'El receptor rechazó la conexión.'
      : code === 'ECONNRESET'
        ? 'El receptor cerró la conexión.'
        : code?.startsWith('ERR_TLS') || code?.includes('CERT')
          ? `Error de TLS con el receptor (${code}).`
          : `No pudimos conectar con el receptor${code ? ` (${code})` : ''}.`,
  webhookDisabled: 'El webhook está desactivado; la entrega se canceló.',
  tooManyWebhooks: (max: number) => `Puedes tener hasta ${max} webhooks. Elimina alguno para agregar otro.`,
  tooManyTests: (seconds: number) =>
    `Enviaste demasiadas pruebas. Intenta de nuevo en ${seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`}.`,
} as const;

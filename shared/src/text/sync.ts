/**
 * Texts of syncs, tasks and payment histories (the host's sync-event area, the payment-history
 * page, the sync actions). Part of the one catalogue, `es.sync`.
 */
export const syncText = {
  /** "intento n+1 de 3" (spec §4). */
  attempt: (attempt: number, max: number) => `intento ${attempt + 1} de ${max}`,
  progress: (percent: number) => `${Math.round(percent)} %`,

  /** The named steps of the workflows (spec §4), as the area shows them. */
  steps: {
    fetching_service_data: 'Obteniendo datos del servicio',
    linking: 'Vinculando',
    syncing_portal: 'Sincronizando con el portal de CFE',
    syncing_consultation: 'Sincronizando con el servicio de consulta de recibos',
    linking_additional_info: 'Vinculando con información adicional',
    syncing_again: 'Sincronizando de nuevo',
    fetching_data: 'Obteniendo datos',
    syncing: 'Sincronizando',
    link_attempt: 'Intentando vincular',
    syncing_payment_history: 'Sincronizando historial de pagos',
  } as Readonly<Record<string, string>>,
  accountSync: 'Cuenta de CFE',
  /** A CFE account by its alias or CFE user (issue 15: four accounts must be told apart). */
  accountNamed: (label: string | null) => (label ? `Cuenta de CFE «${label}»` : 'Cuenta de CFE'),
  /** A service by its alias and number, or its number alone. */
  serviceNamed: (serviceNumber: string, alias: string | null) =>
    alias ? `${alias} · ${serviceNumber}` : serviceNumber,

  area: {
    title: 'Sincronizaciones',
    open: (running: number) => (running > 0 ? `Sincronizaciones (${running})` : 'Sincronizaciones'),
    openWithCaptcha: (running: number) =>
      `${running > 0 ? `Sincronizaciones (${running})` : 'Sincronizaciones'} · captcha de CFE pendiente`,
    empty: 'No hay sincronizaciones recientes.',
    connecting: 'Conectando con las actualizaciones en vivo…',
    reconnecting: (seconds: number) =>
      `Conexión en vivo interrumpida. Reintentando en ${Math.max(1, Math.round(seconds))} s…`,
    tooManyConnections: (seconds: number) =>
      `Tienes Luz abierto en demasiadas pestañas o ventanas: cierra alguna para ver el avance en vivo aquí. Reintentando en ${Math.max(1, Math.round(seconds))} s…`,
    clearFinished: 'Quitar las terminadas',
    more: (count: number) => (count === 1 ? 'y 1 sincronización más' : `y ${count} sincronizaciones más`),
    done: 'Terminada',
    failed: 'Con error',
  },

  /** CFE's image CAPTCHA, solved by the account's owner in the sync area. */
  captcha: {
    title: 'CFE pide resolver un captcha',
    description: (cfeUser: string) =>
      `Para continuar con la cuenta ${cfeUser}, escribe los caracteres de la imagen tal como aparecen (distingue mayúsculas de minúsculas).`,
    image: (cfeUser: string) => `Captcha de CFE de la cuenta ${cfeUser}`,
    answer: 'Caracteres de la imagen',
    submit: 'Enviar',
    another: 'Otra imagen',
    loading: 'Cargando la imagen…',
    loadError: 'No pudimos cargar la imagen del captcha.',
    required: 'Escribe los caracteres de la imagen.',
    expires: (time: string) => `Puedes responder hasta las ${time}.`,
    connected: 'Conectado con CFE. Las sincronizaciones de esta cuenta continúan.',
  },

  actions: {
    sync: 'Sincronizar',
    syncing: 'Sincronizando…',
    syncAccount: 'Sincronizar cuenta de CFE',
    started: 'Sincronización iniciada. Verás su avance en Sincronizaciones.',
    retry: 'Reintentar',
    retried: 'Reintento iniciado.',
  },

  paymentHistory: {
    title: 'Historial de pagos',
    subtitle: (name: string) => `Pagos registrados en CFE del servicio ${name}.`,
    back: 'Volver a servicios',
    sync: 'Sincronizar pagos',
    syncing: 'Sincronizando pagos…',
    syncStarted: 'Sincronización de pagos iniciada.',
    csv: 'Descargar CSV',
    csvSelected: 'Descargar CSV de los seleccionados',
    delete: 'Eliminar seleccionados',
    deleteTitle: 'Eliminar pagos',
    deleteConfirm: (count: number) =>
      count === 1
        ? '¿Eliminar 1 pago del historial? Volverá a aparecer si sincronizas de nuevo.'
        : `¿Eliminar ${count} pagos del historial? Volverán a aparecer si sincronizas de nuevo.`,
    deleted: (count: number) => (count === 1 ? 'Se eliminó 1 pago.' : `Se eliminaron ${count} pagos.`),
    empty: 'Este servicio no tiene pagos registrados. Sincroniza para traerlos del portal de CFE.',
    table: 'Pagos del servicio',
    columns: {
      paidOn: 'Fecha de pago',
      amount: 'Importe',
      channel: 'Canal',
      reference: 'Referencia',
      document: 'Comprobante de pago',
    },
    total: (amount: string) => `Total de la página: ${amount}`,
    notFound: 'No encontramos este servicio.',
  },
};

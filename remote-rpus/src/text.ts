/**
 * Texts of the service-point screens, this remote's own catalogue: deployed with the remote, so
 * its team changes them without the host. The rules' texts the API answers too (import problems,
 * CSV headers) are the contract's, in `@luz/shared` (rpuImportProblems, rpuCsvHeaders).
 */
export const rpusText = {
  title: 'Servicios',
  subtitle:
    'Tus puntos de servicio de CFE (RPU): estado, sincronización, notificaciones e historial de pagos.',
  caption: 'Servicios de CFE',
  loadError: 'No pudimos cargar tus servicios.',
  empty: {
    title: 'Todavía no tienes servicios',
    message:
      'Agrega un servicio con su número de 12 dígitos o importa una lista desde un archivo CSV o Excel.',
  },
  noResults: 'Ningún servicio coincide con estos filtros.',
  columns: {
    serviceNumber: 'Número de servicio',
    alias: 'Alias',
    status: 'Estado',
    credential: 'Cuenta de CFE',
    automation: 'Automático',
    holder: 'Titular y tarifa',
    lastAmount: 'Último recibo',
  },
  noHolder: 'Aún sin recibos',
  autofetchOn: (on: boolean) => (on ? 'Descarga: sí' : 'Descarga: no'),
  notificationsOn: (on: boolean) => (on ? 'Correos: sí' : 'Correos: no'),
  automationHint: 'Descarga automática de recibos y avisos por correo de recibos nuevos',
  lastSynced: (when: string) => `Sincronizado ${when}`,
  neverSynced: 'Nunca sincronizado',
  tariff: (tariff: string) => `Tarifa ${tariff}`,
  lastPeriodEnd: (date: string) => `Periodo al ${date}`,
  noCredential: 'Sin cuenta',
  /** Status 3 of a service that has an account: its link failed, it is not "Sin cuenta". */
  notLinked: 'Sin vincular',
  noAlias: 'Sin alias',
  yes: 'Sí',
  no: 'No',
  actions: {
    add: 'Agregar servicio',
    import: 'Importar',
    downloadCsv: 'Descargar CSV',
    downloading: 'Descargando…',
    sync: 'Sincronizar',
    edit: 'Editar servicio',
    editOf: (serviceNumber: string) => `Editar el servicio ${serviceNumber}`,
    paymentHistory: 'Historial de pagos',
    viewPayments: 'Ver pagos',
    /** Starts with the visible words (WCAG 2.5.3) and says whose history it opens, row by row. */
    viewPaymentsOf: (serviceNumber: string) => `Ver pagos: historial de pagos del servicio ${serviceNumber}`,
    rowActions: (serviceNumber: string) => `Acciones del servicio ${serviceNumber}`,
  },
  filters: {
    label: 'Filtros',
    filterBy: 'Buscar por',
    /** The `filterBy` choices of /rpus/ (spec §2). */
    by: {
      alias: 'Alias',
      credential: 'Cuenta de CFE',
      email: 'Usuario de CFE (correo)',
      withCredential: 'Con cuenta de CFE',
      serviceNumber: 'Número de servicio',
    },
    anyField: 'Sin filtro',
    search: 'Buscar',
    searchPlaceholder: {
      alias: 'Alias del servicio',
      email: 'Usuario de CFE',
      serviceNumber: 'Primeros dígitos del número',
    },
    credential: 'Cuenta de CFE',
    chooseCredential: 'Elige una cuenta',
    status: 'Estado',
    autofetch: 'Descarga automática',
    notifications: 'Notificaciones por correo',
    any: 'Todos',
    clear: 'Limpiar filtros',
  },
  bulk: {
    label: 'Acciones para los servicios seleccionados',
    sync: 'Sincronizar',
    autofetchOn: 'Activar descarga automática',
    autofetchOff: 'Desactivar descarga automática',
    notificationsOn: 'Activar notificaciones',
    notificationsOff: 'Desactivar notificaciones',
    assignCredential: 'Asignar cuenta',
    delete: 'Eliminar',
    exportCsv: 'Exportar CSV',
    clearSelection: 'Quitar selección',
    done: (count: number) =>
      count === 1 ? 'Se actualizó 1 servicio.' : `Se actualizaron ${count} servicios.`,
    syncStarted: (count: number) =>
      count === 1
        ? 'Se inició la sincronización de 1 servicio.'
        : `Se inició la sincronización de ${count} servicios.`,
    syncPayments: 'Sincronizar pagos',
    paymentsStarted: (count: number) =>
      count === 1
        ? 'Se inició la sincronización del historial de pagos de 1 servicio.'
        : `Se inició la sincronización del historial de pagos de ${count} servicios.`,
    syncSkipped: (count: number) =>
      count === 1
        ? '1 servicio no tiene cuenta de CFE y no se sincronizó.'
        : `${count} servicios no tienen cuenta de CFE y no se sincronizaron.`,
  },
  delete: {
    title: (count: number) => (count === 1 ? '¿Eliminar 1 servicio?' : `¿Eliminar ${count} servicios?`),
    description:
      'Dejarán de aparecer en tus listas y ya no se sincronizarán. Sus recibos descargados se conservan.',
    confirm: 'Eliminar',
    done: (count: number) => (count === 1 ? 'Se eliminó 1 servicio.' : `Se eliminaron ${count} servicios.`),
  },
  assign: {
    title: 'Asignar cuenta de CFE',
    description: (count: number) =>
      count === 1
        ? 'Elige la cuenta del portal de CFE con la que se vinculará el servicio seleccionado.'
        : `Elige la cuenta del portal de CFE con la que se vincularán los ${count} servicios seleccionados.`,
    credential: 'Cuenta de CFE',
    none: 'Sin cuenta (quitar la asignación)',
    submit: 'Asignar',
  },
  create: {
    title: 'Agregar servicio',
    description: 'Escribe el número de servicio de 12 dígitos que aparece en el recibo de CFE.',
    serviceNumber: 'Número de servicio',
    serviceNumberHint: 'Puedes escribirlo con espacios; los quitamos al guardar.',
    alias: 'Alias (opcional)',
    credential: 'Cuenta de CFE',
    noCredential: 'Sin cuenta por ahora',
    lastPayment: 'Importe del último pago (opcional)',
    lastPaymentHint: 'Nos ayuda a vincular el servicio si el portal pide el total a pagar.',
    holderName: 'Nombre del titular (opcional)',
    holderNameHint:
      'Tal como aparece en el recibo de CFE, por ejemplo ALIMENTOS Y FRANQ D CHIAPAS. CFE lo pide para agregar el servicio a tu cuenta.',
    autofetch: 'Descargar recibos automáticamente',
    notifications: 'Avisarme por correo de recibos nuevos',
    submit: 'Agregar',
    done: 'El servicio se agregó.',
  },
  edit: {
    title: 'Editar servicio',
    description: (serviceNumber: string) => `Servicio ${serviceNumber}`,
    alias: 'Alias',
    holderName: 'Nombre del titular',
    holderNameHint:
      'Tal como aparece en el recibo de CFE. Déjalo vacío si no lo sabes: lo tomamos del primer recibo.',
    done: 'Los cambios se guardaron.',
    saveAndSync: 'Guardar y sincronizar',
    doneAndSync: 'Los cambios se guardaron y el servicio se está sincronizando con el total.',
  },
  csv: {
    fileName: (date: string) => `servicios-${date}.csv`,
    done: 'El archivo CSV se descargó.',
  },
  import: {
    title: 'Importar servicios',
    description:
      'Sube un archivo CSV o Excel (.xlsx) con una fila por servicio. Columnas: número de servicio (obligatoria), alias, usuario de CFE, último pago y titular (el nombre como aparece en el recibo).',
    file: 'Archivo CSV o Excel',
    fileHint: 'Hasta 10,000 filas. La primera fila debe tener los nombres de las columnas.',
    reading: 'Leyendo el archivo…',
    previewTitle: (rows: number) =>
      rows === 1 ? '1 servicio por importar' : `${rows} servicios por importar`,
    previewCaption: 'Vista previa de los servicios por importar',
    droppedTitle: (rows: number) =>
      rows === 1 ? '1 fila no se importará' : `${rows} filas no se importarán`,
    droppedCaption: 'Filas que no se importarán y su motivo',
    nothingToImport: 'Ninguna fila del archivo se puede importar.',
    line: 'Fila',
    reason: 'Motivo',
    warning: 'Aviso',
    confirm: (rows: number) => (rows === 1 ? 'Importar 1 servicio' : `Importar ${rows} servicios`),
    importing: 'Importando…',
    chooseAnother: 'Elegir otro archivo',
    resultTitle: 'Resultado de la importación',
    resultCaption: 'Resultado de cada fila importada',
    resultSummary: (created: number, duplicates: number, invalid: number) =>
      `Creados: ${created} · Duplicados: ${duplicates} · Con errores: ${invalid}`,
    outcome: 'Resultado',
    done: 'Listo',
    moreRows: (shown: number, total: number) => `Se muestran ${shown} de ${total} filas.`,
    previousPage: 'Filas anteriores',
    nextPage: 'Filas siguientes',
    fileErrors: {
      unsupported: 'Elige un archivo .csv o .xlsx.',
      empty: 'El archivo no tiene filas.',
      unreadable: 'No pudimos leer el archivo. Revisa que sea un CSV o un Excel (.xlsx) válido.',
      missingServiceNumberColumn:
        'No encontramos la columna del número de servicio. Nómbrala «Número de servicio» en la primera fila.',
      tooManyRows: (max: number) =>
        `El archivo tiene más de ${max.toLocaleString('es-MX')} filas. Divídelo en varios archivos.`,
    },
  },
};

/** Texts of the periods and downloads screens, this remote's own catalogue: deployed with the remote, so its team changes them without the host. */
export const periodsText = {
  title: 'Periodos',
  subtitle: 'Los periodos de facturación de tus servicios, con su recibo en PDF y su CFDI en XML.',
  caption: 'Periodos de facturación',
  loadError: 'No pudimos cargar los periodos.',
  empty: {
    title: 'Todavía no hay periodos',
    message:
      'Aparecen cuando se sincronizan tus servicios con el portal de CFE. Sigue el avance en Descargas.',
    goToDownloads: 'Ir a Descargas',
  },
  noResults: 'Ningún periodo cumple estos filtros.',
  filters: {
    label: 'Filtros de periodos',
    filterBy: 'Filtrar por',
    /** The `filterBy` choices of /periods (spec §2). */
    by: { rpu: 'Servicio', credential: 'Cuenta de CFE' },
    everything: 'Todos los servicios',
    rpu: 'Servicio',
    rpuPlaceholder: 'Elige un servicio',
    credential: 'Cuenta de CFE',
    credentialPlaceholder: 'Elige una cuenta',
    from: 'Desde (fecha final)',
    until: 'Hasta (fecha final)',
    datesHint: 'Cuentan los periodos cuya fecha final cae en el rango.',
    clear: 'Limpiar filtros',
    loadingOptions: 'Cargando opciones…',
  },
  columns: {
    service: 'Servicio',
    period: 'Periodo',
    tariff: 'Tarifa',
    consumption: 'Consumo',
    amount: 'Importe',
    documents: 'Documentos',
    receipt: 'Recibo',
  },
  dueDate: (date: string) => `Vence ${date}`,
  totalToPay: (amount: string) => `A pagar ${amount}`,
  kwhSplit: (base: string, intermediate: string, peak: string) =>
    `Base ${base} · Intermedia ${intermediate} · Punta ${peak}`,
  vat: (rate: string) => `IVA ${rate} %`,
  complementary: (seriesFolio: string) => `Complementaria ${seriesFolio}`,
  complementaryLabel: (seriesFolio: string, period: string) =>
    `Descargar la factura complementaria ${seriesFolio} (XML) de ${period}`,
  noAlias: 'Sin alias',
  periodRange: (from: string, to: string) => `${from} – ${to}`,
  rowLabel: (serviceNumber: string, from: string, to: string) => `${serviceNumber}, ${from} – ${to}`,
  openPdf: 'Ver PDF',
  /** Starts with the visible words (WCAG 2.5.3, axe label-content-name-mismatch). */
  openPdfLabel: (period: string) => `Ver PDF: recibo de ${period}`,
  downloadXml: 'XML',
  downloadXmlLabel: (period: string) => `Descargar el CFDI en XML de ${period}`,
  noDocument: 'Sin documento',
  opening: 'Abriendo…',
  popupBlocked: 'El navegador bloqueó la ventana; descargamos el PDF en su lugar.',
  actions: {
    label: 'Descargas de periodos',
    scopeSelected: (count: number) =>
      count === 1
        ? 'Se descargará el periodo seleccionado.'
        : `Se descargarán los ${count} periodos seleccionados.`,
    /** `more`: more than `count` periods match (the list's count stopped there). */
    scopeFiltered: (count: number, more = false) =>
      more
        ? `Se descargarán los más de ${count} periodos filtrados.`
        : count === 1
          ? 'Se descargará el periodo filtrado.'
          : `Se descargarán los ${count} periodos filtrados.`,
    documents: 'Documentos',
    zip: 'Descargar ZIP',
    zipPreparing: 'Preparando ZIP…',
    zipProgress: (percent: string) => `Descargando ZIP… ${percent}`,
    zipProgressUnknown: (megabytes: string) => `Descargando ZIP… ${megabytes} MB`,
    zipDone: 'El ZIP se descargó.',
    cancel: 'Cancelar descarga',
    cancelled: 'Descarga cancelada.',
    csv: 'Descargar CSV',
    csvPreparing: 'Preparando CSV…',
    csvDone: 'El CSV se descargó.',
    delete: 'Eliminar',
    clearSelection: 'Quitar selección',
    deleteTitle: (count: number) => (count === 1 ? '¿Eliminar el periodo?' : `¿Eliminar ${count} periodos?`),
    deleteDescription:
      'Se eliminan de Luz junto con sus documentos PDF y XML. Si vuelves a sincronizar el servicio, el portal de CFE puede traerlos de nuevo.',
    deleted: (count: number) => (count === 1 ? 'Se eliminó 1 periodo.' : `Se eliminaron ${count} periodos.`),
  },
  fileNames: {
    zip: (date: string) => `periodos-${date}.zip`,
    csv: (date: string) => `periodos-${date}.csv`,
  },
  chart: {
    title: 'Importe y consumo por mes',
    description:
      'Suma de los periodos filtrados según el mes de su fecha final. Las subidas fuertes de importe se marcan.',
    amount: 'Importe (MXN)',
    consumption: 'Consumo (kWh)',
    month: 'Mes',
    periods: 'Periodos',
    empty: 'Sin datos para graficar con estos filtros.',
    loadError: 'No pudimos cargar la gráfica.',
    jumps: 'Subidas de importe',
    jump: (month: string, percent: string, amount: string, bimonthly: boolean) =>
      bimonthly
        ? `${month}: ${amount} en recibos bimestrales (+${percent} respecto al bimestre anterior)`
        : `${month}: ${amount} en recibos mensuales (+${percent} respecto al mes anterior)`,
    noJumps: 'Sin subidas fuertes de importe.',
    summary: (points: number, from: string, to: string) => `${points} meses, de ${from} a ${to}.`,
    tableCaption: 'Datos de la gráfica',
  },
  downloads: {
    title: 'Descargas',
    subtitle: 'Tus sincronizaciones y cargas, agrupadas por día, con los periodos que encontraron.',
    caption: 'Tareas',
    loadError: 'No pudimos cargar tus tareas.',
    empty: {
      title: 'Todavía no hay tareas',
      message: 'Cuando sincronices tus servicios o cuentas de CFE, el avance aparecerá aquí.',
    },
    columns: {
      time: 'Hora',
      type: 'Tipo',
      status: 'Estado',
      services: 'Servicios',
      periods: 'Periodos',
    },
    open: 'Ver detalle',
    openLabel: (name: string, time: string) => `Ver detalle de ${name} de las ${time}`,
    /** What a task is about (issue 15): the CFE account by its alias or CFE user, the service by alias and number. */
    account: (label: string) => `Cuenta de CFE «${label}»`,
    service: (serviceNumber: string, alias: string | null) =>
      alias ? `${alias} · ${serviceNumber}` : serviceNumber,
    servicesCount: (done: number, total: number) => `${done} de ${total}`,
    task: {
      title: 'Detalle de la tarea',
      close: 'Volver a la lista',
      notFound: 'No encontramos esta tarea.',
      loadError: 'No pudimos cargar el detalle de la tarea.',
      created: 'Creada',
      finished: 'Terminada',
      running: 'En curso',
      workflow: 'Flujo',
      type: 'Tipo',
      associations: 'Servicios de la tarea',
      noAssociations: 'Esta tarea todavía no tiene servicios.',
      account: 'Cuenta completa',
      live: 'En vivo',
      periods: (count: number) => (count === 1 ? '1 periodo' : `${count} periodos`),
      showPeriods: 'Ver periodos',
      hidePeriods: 'Ocultar periodos',
      periodsOf: (service: string) => `Periodos encontrados para ${service}`,
      noPeriods: 'No se encontraron periodos en este servicio.',
      periodsError: 'No pudimos cargar los periodos.',
      scope: (count: number, more = false) =>
        more
          ? `Se descargarán los más de ${count} periodos que encontró.`
          : count === 1
            ? 'Se descargará el periodo que encontró.'
            : `Se descargarán los ${count} periodos que encontró.`,
    },
  },
};

const adminUsersText = {
  caption: 'Usuarios',
  columns: {
    name: 'Nombre',
    email: 'Correo',
    company: 'Empresa',
    role: 'Rol',
    subscription: 'Suscripción',
    active: 'Estado',
    createdAt: 'Alta',
  },
  superuser: 'Superusuario',
  regular: 'Usuario',
  active: 'Activo',
  inactive: 'Inactivo',
  empty: 'No hay usuarios con estos filtros.',
  edit: 'Editar usuario',
  editTitle: (name: string) => `Editar a ${name}`,
  isSuperuser: 'Es superusuario',
  isActive: 'Cuenta activa',
  saved: 'Usuario actualizado.',
  temporalPassword: 'Contraseña temporal',
  temporalPasswordTitle: (name: string) => `Contraseña temporal para ${name}`,
  temporalPasswordConfirm:
    'Se generará una contraseña temporal. Las sesiones abiertas del usuario se cerrarán y deberá cambiarla al entrar.',
  temporalPasswordGenerate: 'Generar contraseña',
  temporalPasswordShownOnce: 'Cópiala ahora: no volverá a mostrarse.',
  viewLogs: 'Bitácora',
};

/** Texts of the superuser console, this remote's own catalogue: deployed with the remote, so its team changes them without the host. */
export const adminText = {
  title: 'Administración',
  subtitle: 'Usuarios, bitácora de tareas y servicios de todas las empresas.',
  tabsLabel: 'Secciones de administración',
  tabs: { users: 'Usuarios', logs: 'Bitácora', rpus: 'Servicios' },
  filters: {
    filterBy: 'Buscar por',
    /** The `filterBy` choices of /admin's tabs (spec §3). */
    by: {
      company: 'Empresa',
      email: 'Correo',
      username: 'Nombre',
      alias: 'Alias',
      service_number: 'Número de servicio',
      task_status: 'Estado de la tarea',
      task_type: 'Tipo de tarea',
    },
    search: 'Buscar',
    searchPlaceholder: 'Escribe para buscar',
    any: 'Todos',
    yes: 'Sí',
    no: 'No',
    clear: 'Limpiar filtros',
  },
  rpus: {
    caption: 'Servicios de todos los usuarios',
    columns: {
      serviceNumber: 'Número de servicio',
      alias: 'Alias',
      owner: 'Dueño',
      status: 'Estado',
      flags: 'Marcas',
    },
    flags: {
      withAutofetch: 'Descarga automática',
      sendEmailNotifications: 'Notificaciones por correo',
      hasUns: 'Con UNS',
      duplicated: 'Duplicado',
      deleted: 'Eliminado',
    },
    rpuStatus: 'Estado del servicio',
    empty: 'No hay servicios con estos filtros.',
    view: 'Ver',
    testWebhook: 'Probar webhook',
    testWebhookSent: (delivered: number, total: number) =>
      total === 0
        ? 'El dueño no tiene webhooks activos.'
        : `Prueba enviada a ${total === 1 ? '1 webhook' : `${total} webhooks`}: ${
            delivered === 1 ? '1 entregada' : `${delivered} entregadas`
          }.`,
    deleteSelected: 'Eliminar seleccionados',
    deleteTitle: (count: number) =>
      count === 1 ? '¿Eliminar el servicio seleccionado?' : `¿Eliminar los ${count} servicios seleccionados?`,
    deleteDescription:
      'Se marcarán como eliminados para sus dueños (borrado lógico): dejan de sincronizarse y de aparecer en sus listas.',
    deleted: (count: number) => (count === 1 ? '1 servicio eliminado.' : `${count} servicios eliminados.`),
    completeTitle: (serviceNumber: string) => `Servicio ${serviceNumber}`,
    complete: {
      owner: 'Dueño',
      company: 'Empresa',
      credential: 'Cuenta de CFE',
      noCredential: 'Sin cuenta',
      tariff: 'Tarifa',
      holder: 'Titular',
      lastPayment: 'Último pago',
      lastSynced: 'Última sincronización',
      periods: 'Periodos',
      statusMessage: 'Mensaje de estado',
      lastTask: 'Última tarea',
      noTask: 'Sin tareas',
      createdAt: 'Alta',
      never: 'Nunca',
    },
  },
  logs: {
    caption: 'Bitácora de tareas',
    columns: {
      createdAt: 'Fecha',
      owner: 'Usuario',
      type: 'Tipo',
      status: 'Estado',
      services: 'Servicios',
      reviewed: 'Revisada',
    },
    taskType: 'Tipo de tarea',
    containsTaskStatus: 'Con servicios en estado',
    userFilter: (id: string) => `Solo el usuario ${id.slice(0, 8)}…`,
    removeUserFilter: 'Quitar el filtro de usuario',
    empty: 'No hay tareas con estos filtros.',
    counts: (success: number, failed: number, total: number) =>
      `${success} con éxito · ${failed} con error · ${total} en total`,
    reviewedYes: 'Revisada',
    reviewedNo: 'Pendiente de revisar',
    detail: 'Detalle',
    retrySelected: 'Reintentar seleccionadas',
    retried: (count: number) =>
      count === 0
        ? 'No había servicios con error que reintentar.'
        : count === 1
          ? 'Se inició 1 tarea nueva.'
          : `Se iniciaron ${count} tareas nuevas.`,
    markReviewed: 'Marcar como revisadas',
    markUnreviewed: 'Marcar como no revisadas',
    updated: (count: number) => (count === 1 ? '1 tarea actualizada.' : `${count} tareas actualizadas.`),
    stats: {
      title: 'Estadísticas de tareas',
      from: 'Desde',
      to: 'Hasta',
      rangeInverted: 'Debe ser igual o posterior a la fecha «Desde».',
      total: (count: number) => (count === 1 ? '1 tarea en el periodo' : `${count} tareas en el periodo`),
      empty: 'No hubo tareas en el periodo.',
      chartLabel: 'Tareas por tipo y estado',
    },
    detailTitle: 'Detalle de la tarea',
    detailFacts: {
      user: 'Usuario',
      type: 'Tipo',
      workflow: 'Flujo',
      status: 'Estado',
      message: 'Mensaje',
      createdAt: 'Creada',
      finishedAt: 'Terminada',
      periods: 'Periodos encontrados',
    },
    associationsCaption: 'Servicios de la tarea',
    associationColumns: {
      service: 'Servicio',
      step: 'Paso',
      attempt: 'Intento',
      status: 'Estado',
      progress: 'Avance',
      message: 'Mensaje',
    },
    retryFailed: 'Reintentar los servicios con error',
  },
  users: adminUsersText,
};

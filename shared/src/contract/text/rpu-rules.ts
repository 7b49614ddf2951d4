/** Column headers of the service-point CSV export (spec §3), which the import accepts back. */
export const rpuCsvHeaders = {
  serviceNumber: 'Número de servicio',
  alias: 'Alias',
  status: 'Estado',
  cfeUser: 'Usuario de CFE',
  autofetch: 'Descarga automática',
  notifications: 'Notificaciones por correo',
  lastPayment: 'Último pago',
  holderName: 'Titular',
  tariff: 'Tarifa',
  lastSynced: 'Última sincronización',
  createdAt: 'Fecha de alta',
};

/** Why an import row is not imported (spec §3), or what was changed in it; the API's per-row reasons too. */
export const rpuImportProblems = {
  serviceNumberMissing: 'Falta el número de servicio.',
  serviceNumberDigits: 'El número de servicio solo puede tener dígitos.',
  serviceNumberLength: 'El número de servicio debe tener 12 dígitos.',
  cfeUserUnknown: (cfeUser: string) => `No tienes una cuenta de CFE con el usuario «${cfeUser}».`,
  duplicateInFile: (line: number) => `Número de servicio repetido: ya está en la fila ${line}.`,
  duplicateInRequest: 'Número de servicio repetido en la importación.',
  alreadyExists: 'Ya tienes este número de servicio.',
  aliasTooLong: (max: number) => `El alias tiene más de ${max} caracteres.`,
  aliasCut: (max: number) => `El alias se recortará a ${max} caracteres.`,
  lastPaymentInvalid: 'El último pago debe ser un importe, por ejemplo 1234.50.',
  lastPaymentIgnored: 'El último pago no es un importe válido y no se importará.',
  holderNameTooLong: (max: number) => `El nombre del titular tiene más de ${max} caracteres.`,
  holderNameCharacters: 'El nombre del titular tiene caracteres que no se pueden escribir.',
  holderNameIgnored: (reason: string) => `${reason} No se importará.`,
  leadingZeroRestored: (serviceNumber: string) =>
    `Tenía 11 dígitos (Excel quita el cero inicial): se importará como ${serviceNumber}.`,
  leadingZeroMissing: (serviceNumber: string) =>
    `Tiene 11 dígitos: si Excel le quitó el cero inicial, envíalo como ${serviceNumber}.`,
};

/** What is wrong with a field of the service-point edit (PATCH /rpus/{rpu_id}); the API's 422 too. */
export const rpuFieldProblems = {
  totalToPayInvalid: 'Escribe el total a pagar en pesos, sin centavos; por ejemplo 1234.',
  aliasTooLong: (max: number) => `El alias tiene más de ${max} caracteres.`,
};

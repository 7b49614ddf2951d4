/** Every `detail` of the service-point endpoints that a person may read (Spanish, shown verbatim). */
export const rpuMessages = {
  notFound: 'Servicio no encontrado',
  someNotFound: 'Uno o más servicios no existen',
  serviceNumberTaken: 'Ya tienes un servicio con ese número',
  credentialNotFound: 'Cuenta de CFE no encontrada',
  nothingToChange: 'Indica al menos un cambio',
} as const;

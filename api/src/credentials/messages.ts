/** Every `detail` of the credentials endpoints that a person may read (Spanish, shown verbatim). */
export const credentialMessages = {
  notFound: 'Cuenta de CFE no encontrada',
  cfeUserTaken: 'Ya tienes una cuenta de CFE con ese usuario',
  deleted: 'La cuenta de CFE se eliminó. Sus servicios quedaron sin cuenta asignada.',
} as const;

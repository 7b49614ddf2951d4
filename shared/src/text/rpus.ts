/** Texts of the service-point screens (remote-rpus). Part of the one catalogue, `es.rpus`. */
export const rpusText = {
  title: 'Servicios',
  subtitle:
    'Tus puntos de servicio de CFE (RPU): estado, sincronización, notificaciones e historial de pagos.',
  paymentHistory: {
    title: 'Historial de pagos',
    back: 'Volver a servicios',
  },
};

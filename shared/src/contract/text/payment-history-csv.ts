/** Column titles of the payment-history CSV (Spanish, as the file is for people), which the API writes. */
export const paymentCsvHeaders = {
  serviceNumber: 'Número de servicio',
  alias: 'Alias',
  paidOn: 'Fecha de pago',
  amount: 'Importe (MXN)',
  channel: 'Canal',
  reference: 'Referencia',
  cfdiSeries: 'Serie del CFDI de pago',
  cfdiFolio: 'Folio del CFDI de pago',
  cfdiUuid: 'UUID del CFDI de pago',
};

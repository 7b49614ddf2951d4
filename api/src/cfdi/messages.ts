/** What the CFDI reader says when it refuses a document (Spanish: it reaches the user). */
export const cfdiMessages = {
  notCfdi:
    'El archivo no es un CFDI (factura electrónica XML) de CFE: no se pudo leer como XML con un cfdi:Comprobante. Descarga de nuevo el XML del recibo.',
  noServiceNumber:
    'El CFDI no dice a qué número de servicio pertenece (ni en clsRegArchFact/RPU, ni en el complemento de CFE, ni en la línea de referencia).',
  serviceNumbersDisagree: (numbers: readonly string[]) =>
    `El CFDI nombra varios números de servicio distintos (${numbers.join(', ')}); no se puede saber a cuál pertenece.`,
  wrongService: (expected: string, found: string) =>
    `El CFDI descargado no corresponde al servicio ${expected}: pertenece al servicio ${found}; no se guardó.`,
  noUuid: 'El CFDI no está timbrado: le falta el folio fiscal (UUID) del Timbre Fiscal Digital.',
} as const;

import type { Receipt } from './world';

const pesos = (value: number) =>
  value.toLocaleString('es-MX', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Escapes text for a PDF string literal. */
const pdfText = (value: string) =>
  value.replaceAll('\\', '\\\\').replaceAll('(', '\\(').replaceAll(')', '\\)');

/**
 * A one-page PDF receipt, written by hand: a valid PDF 1.4 file (catalog, page, Helvetica with
 * WinAnsi encoding so Spanish accents print, cross-reference table with exact byte offsets).
 */
export function receiptPdf(receipt: Receipt, address: string): Buffer {
  const lines: [number, string][] = [
    [18, 'CFE Suministrador de Servicios Básicos'],
    [11, 'Aviso-recibo de energía eléctrica'],
    [11, ''],
    [11, `Titular: ${receipt.holderName}`],
    [11, `Dirección: ${address}`],
    [11, `Número de servicio: ${receipt.serviceNumber}`],
    [11, `Tarifa: ${receipt.tariff}`],
    [11, `Periodo facturado: ${receipt.initialDate} al ${receipt.finalDate}`],
    [11, `Consumo: ${receipt.kwh.toLocaleString('es-MX')} kWh`],
    [11, `Subtotal: $${pesos(receipt.subtotal)}`],
    [11, `IVA 16 %: $${pesos(receipt.total - receipt.subtotal)}`],
    [14, `Total a pagar: $${pesos(receipt.total)}`],
    [11, `Fecha límite de pago: ${receipt.dueDate}`],
    [9, `Folio fiscal (UUID): ${receipt.uuid}`],
  ];
  let y = 740;
  const content = lines
    .map(([size, text]) => {
      const line = `BT /F1 ${size} Tf 56 ${y} Td (${pdfText(text)}) Tj ET`;
      y -= size + 10;
      return line;
    })
    .join('\n');
  const stream = Buffer.from(content, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Title (${pdfText(`Recibo ${receipt.serviceNumber} ${receipt.finalDate}`)}) /Producer (Luz portal simulator) >>`,
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = chunks[0]?.length ?? 0;
  objects.forEach((body, index) => {
    offsets.push(length);
    const chunk =
      body === null
        ? Buffer.concat([
            Buffer.from(`${index + 1} 0 obj\n<< /Length ${stream.length} >>\nstream\n`, 'latin1'),
            stream,
            Buffer.from('\nendstream\nendobj\n', 'latin1'),
          ])
        : Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    chunks.push(chunk);
    length += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

const xml = (value: string | number) =>
  String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/**
 * The receipt's CFDI 4.0 (tax invoice): issuer CFE, the service number as the concept's
 * identification and in CFE's addenda, amounts, and the stamp's UUID.
 */
export function receiptCfdi(receipt: Receipt): string {
  const iva = receipt.total - receipt.subtotal;
  return `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" xmlns:cfe="http://www.cfe.mx/addenda" Version="4.0" Serie="SB" Folio="${xml(receipt.id)}" Fecha="${receipt.finalDate}T12:00:00" SubTotal="${receipt.subtotal.toFixed(2)}" Moneda="MXN" Total="${receipt.total.toFixed(2)}" TipoDeComprobante="I" Exportacion="01" LugarExpedicion="06600">
  <cfdi:Emisor Rfc="CSS160330CP7" Nombre="CFE SUMINISTRADOR DE SERVICIOS BASICOS" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="XAXX010101000" Nombre="${xml(receipt.holderName)}" DomicilioFiscalReceptor="06600" RegimenFiscalReceptor="616" UsoCFDI="S01"/>
  <cfdi:Conceptos>
    <cfdi:Concepto ClaveProdServ="83101801" NoIdentificacion="${receipt.serviceNumber}" Cantidad="${receipt.kwh}" ClaveUnidad="KWH" Descripcion="Suministro de energía eléctrica, tarifa ${xml(receipt.tariff)}, periodo ${receipt.initialDate} al ${receipt.finalDate}" ValorUnitario="${(receipt.subtotal / receipt.kwh).toFixed(6)}" Importe="${receipt.subtotal.toFixed(2)}" ObjetoImp="02">
      <cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado Base="${receipt.subtotal.toFixed(2)}" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${iva.toFixed(2)}"/></cfdi:Traslados></cfdi:Impuestos>
    </cfdi:Concepto>
  </cfdi:Conceptos>
  <cfdi:Impuestos TotalImpuestosTrasladados="${iva.toFixed(2)}"><cfdi:Traslados><cfdi:Traslado Base="${receipt.subtotal.toFixed(2)}" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${iva.toFixed(2)}"/></cfdi:Traslados></cfdi:Impuestos>
  <cfdi:Complemento>
    <tfd:TimbreFiscalDigital Version="1.1" UUID="${receipt.uuid}" FechaTimbrado="${receipt.finalDate}T12:05:00" RfcProvCertif="SAT970701NN3" NoCertificadoSAT="00001000000509846663"/>
  </cfdi:Complemento>
  <cfdi:Addenda>
    <cfe:Recibo NumeroServicio="${receipt.serviceNumber}" Tarifa="${xml(receipt.tariff)}" PeriodoInicio="${receipt.initialDate}" PeriodoFin="${receipt.finalDate}" ConsumoKwh="${receipt.kwh}" FechaLimitePago="${receipt.dueDate}"/>
  </cfdi:Addenda>
</cfdi:Comprobante>
`;
}

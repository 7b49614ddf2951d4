import { createHash } from 'node:crypto';
import { XMLBuilder } from 'fast-xml-parser';
import { formatCfeDate } from '../../cfdi/dates';
import { moneyText } from '../../cfdi/money';
import {
  CFE_NAME,
  CFE_RFC,
  type ServiceProfile,
  type WorldComplementary,
  type WorldDocument,
  type WorldPayment,
  type WorldReceipt,
} from './world';

/**
 * CFDI 4.0 as CFE issues them (REAL-CFE.md §3), valid against SAT's schema: stamped with a
 * TimbreFiscalDigital 1.1, receipts with CFE's `clsRegArchFact` and `cfe:CFE` addenda, payment
 * documents with the payments complement 2.0. Seals and certificates are placeholders of the
 * right form (base64 of an RSA-2048 signature's length; 20-digit certificate numbers): nothing
 * here is signed.
 */

const namespaces = {
  '@xmlns:cfdi': 'http://www.sat.gob.mx/cfd/4',
  '@xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
  '@xmlns:tfd': 'http://www.sat.gob.mx/TimbreFiscalDigital',
};
const CFDI_SCHEMA = 'http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd';
const STAMP_SCHEMA =
  'http://www.sat.gob.mx/TimbreFiscalDigital http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd';
const PAYMENTS_NAMESPACE = 'http://www.sat.gob.mx/Pagos20';
const PAYMENTS_SCHEMA = `${PAYMENTS_NAMESPACE} http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd`;
export const CFE_ADDENDA_NAMESPACE = 'http://www.itcomplements.com/cfd/cfe/v1';

const CFE_CERTIFICATE_NUMBER = '00001000000505167919';
const SAT_CERTIFICATE_NUMBER = '00001000000509846663';
const PAC_RFC = 'SAT970701NN3';

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
});

/** Deterministic bytes from a seed, as base64: the shape of a seal or a certificate, not a real one. */
function placeholder(seed: string, bytes: number): string {
  const chunks: Buffer[] = [];
  for (let index = 0; chunks.length * 32 < bytes; index += 1)
    chunks.push(createHash('sha256').update(`${seed}:${index}`).digest());
  return Buffer.concat(chunks).subarray(0, bytes).toString('base64');
}

const seal = (uuid: string, who: string) => placeholder(`${who}:${uuid}`, 256);
const certificate = placeholder('CFE certificate', 1_200);

/** The attributes every CFE voucher shares, in SAT's order. */
function voucherAttributes(document: WorldDocument, rest: Record<string, string>) {
  return {
    ...namespaces,
    '@xsi:schemaLocation': CFDI_SCHEMA,
    '@Version': '4.0',
    '@Serie': document.series,
    '@Folio': document.folio,
    '@Fecha': document.issuedAt,
    '@Sello': seal(document.uuid, 'cfd'),
    ...(rest.FormaPago ? { '@FormaPago': rest.FormaPago } : {}),
    '@NoCertificado': CFE_CERTIFICATE_NUMBER,
    '@Certificado': certificate,
    '@SubTotal': rest.SubTotal,
    '@Moneda': rest.Moneda,
    '@Total': rest.Total,
    '@TipoDeComprobante': rest.TipoDeComprobante,
    '@Exportacion': '01',
    ...(rest.MetodoPago ? { '@MetodoPago': rest.MetodoPago } : {}),
    '@LugarExpedicion': '06600',
  };
}

/** An income voucher (receipt or complementary invoice): paid later, so a payment CFDI follows. */
const incomeAttributes = (document: WorldDocument, subtotal: number, total: number) =>
  voucherAttributes(document, {
    FormaPago: '99',
    SubTotal: moneyText(subtotal),
    Moneda: 'MXN',
    Total: moneyText(total),
    TipoDeComprobante: 'I',
    MetodoPago: 'PPD',
  });

const issuer = { '@Rfc': CFE_RFC, '@Nombre': CFE_NAME, '@RegimenFiscal': '601' };

function receiver(profile: ServiceProfile, use: string) {
  const company = profile.receiverRfc.length === 12;
  return {
    '@Rfc': profile.receiverRfc,
    '@Nombre': profile.holderName,
    '@DomicilioFiscalReceptor': profile.postalCode,
    '@RegimenFiscalReceptor': company ? '601' : '612',
    '@UsoCFDI': use,
  };
}

function stamp(document: WorldDocument) {
  const stampedAt = new Date(`${document.issuedAt}Z`);
  stampedAt.setUTCSeconds(stampedAt.getUTCSeconds() + 47);
  return {
    'tfd:TimbreFiscalDigital': {
      '@xsi:schemaLocation': STAMP_SCHEMA,
      '@Version': '1.1',
      '@UUID': document.uuid,
      '@FechaTimbrado': stampedAt.toISOString().slice(0, 19),
      '@RfcProvCertif': PAC_RFC,
      '@SelloCFD': seal(document.uuid, 'cfd'),
      '@NoCertificadoSAT': SAT_CERTIFICATE_NUMBER,
      '@SelloSAT': seal(document.uuid, 'sat'),
    },
  };
}

const rate = (vatRate: 16 | 8) => (vatRate === 16 ? '0.160000' : '0.080000');

function transfer(base: number, vatRate: 16 | 8, amount: number) {
  return {
    '@Base': moneyText(base),
    '@Impuesto': '002',
    '@TipoFactor': 'Tasa',
    '@TasaOCuota': rate(vatRate),
    '@Importe': moneyText(amount),
  };
}

/** A taxed concept and the voucher's taxes. */
function taxedConcept(description: string, amount: number, vatRate: 16 | 8, vat: number) {
  return {
    '@ClaveProdServ': '83101801',
    '@Cantidad': '1',
    '@ClaveUnidad': 'E48',
    '@Unidad': 'Unidad de servicio',
    '@Descripcion': description,
    '@ValorUnitario': moneyText(amount),
    '@Importe': moneyText(amount),
    '@ObjetoImp': '02',
    'cfdi:Impuestos': { 'cfdi:Traslados': { 'cfdi:Traslado': transfer(amount, vatRate, vat) } },
  };
}

const voucherTaxes = (base: number, vatRate: 16 | 8, vat: number) => ({
  '@TotalImpuestosTrasladados': moneyText(vat),
  'cfdi:Traslados': { 'cfdi:Traslado': transfer(base, vatRate, vat) },
});

/** CFE's own addendum: the service number, the year and month of the document. */
const cfeAddendum = (document: WorldDocument, extra: Record<string, string> = {}) => ({
  'cfe:CFE': {
    '@xmlns:cfe': CFE_ADDENDA_NAMESPACE,
    '@ano': document.month.slice(0, 4),
    '@mes': document.month.slice(5, 7),
    'cfe:ComisionFederalElectricidad': { '@RPU': document.serviceNumber, ...extra },
  },
});

/** "01 <service number> <yymmdd> <amount> <check digit>": what banks and stores read off a receipt. */
export function referenceLine(receipt: WorldReceipt): string {
  const body = `01${receipt.serviceNumber}${receipt.dueDate.slice(2).replaceAll('-', '')}${String(receipt.totalToPay).padStart(9, '0')}`;
  const check =
    [...body].reduce((sum, digit, index) => sum + Number(digit) * (index % 2 === 0 ? 2 : 1), 0) % 10;
  return `${body.slice(0, 2)} ${body.slice(2, 14)} ${body.slice(14, 20)} ${body.slice(20)} ${check}`;
}

const quantityText = (value: number | null) => (value === null ? undefined : String(value));

/** The fields of CFE's record (`clsRegArchFact`) of a receipt. */
function receiptRecord(receipt: WorldReceipt, profile: ServiceProfile) {
  const [year, month] = receipt.month.split('-');
  const record: Record<string, string | undefined> = {
    RPU: receipt.serviceNumber,
    NOMBRE: profile.holderName,
    DIRECC: profile.street,
    NOMPOB: profile.city,
    NOMEST: profile.state,
    CODIGO_POSTAL: profile.postalCode,
    TARIFA: receipt.tariff,
    TARIFA_REG: receipt.tariff,
    Med_TipoServ: profile.monthly ? 'COMERCIAL' : 'DOMESTICO',
    FECDESDE: formatCfeDate(receipt.initialDate),
    FECHASTA: formatCfeDate(receipt.finalDate),
    Dias: String(receipt.days),
    FECLIMITE: formatCfeDate(receipt.dueDate),
    FECORTE: formatCfeDate(receipt.cutoffDate),
    OCR_AAAA: year,
    OCR_MM: month,
    CONSUMO_R: String(receipt.kwh),
    CONSUMO1F: quantityText(receipt.kwhBase),
    CONSUMO2F: quantityText(receipt.kwhIntermediate),
    CONSUMO3F: quantityText(receipt.kwhPeak),
    DEMANDA: quantityText(receipt.demandKw),
    FacPot: receipt.powerFactor ?? undefined,
    IMPIVA: moneyText(receipt.vat),
    IMPDAP: moneyText(receipt.lightingDuty),
    ADEANT: receipt.previousDebt > 0 ? moneyText(receipt.previousDebt) : undefined,
    TOTAL_SIN_ADE: String(Math.round(receipt.total / 100)),
    AJUSTE_POR_REDONDEO: receipt.rounding !== 0 ? moneyText(receipt.rounding) : undefined,
    IMPTOTAL: String(receipt.totalToPay),
    IMPTOTALXML: `${receipt.totalToPay}.00`,
    LineaDeReferencia: referenceLine(receipt),
  };
  receipt.history.forEach((past, index) => {
    const suffix = String(index + 1).padStart(2, '0');
    record[`MESR${suffix}`] = formatCfeDate(`${past.month}-01`).slice(3);
    record[`CONSUMOR${suffix}`] = String(past.kwh);
  });
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

/** The addenda text that arrives with broken accents on a mojibake receipt. */
const MOJIBAKE_FIELDS = ['NOMBRE', 'DIRECC', 'NOMPOB', 'NOMEST'] as const;

function receiptXml(receipt: WorldReceipt, profile: ServiceProfile): Buffer {
  const record = receiptRecord(receipt, profile);
  if (receipt.mojibake === 'double')
    for (const field of MOJIBAKE_FIELDS) {
      const value = record[field];
      if (value) record[field] = Buffer.from(value, 'utf8').toString('latin1');
    }
  const voucher = {
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    'cfdi:Comprobante': {
      ...incomeAttributes(receipt, receipt.subtotal, receipt.total),
      ...(receipt.replaces
        ? {
            'cfdi:CfdiRelacionados': {
              '@TipoRelacion': '04',
              'cfdi:CfdiRelacionado': { '@UUID': receipt.replaces },
            },
          }
        : {}),
      'cfdi:Emisor': issuer,
      'cfdi:Receptor': receiver(profile, 'G03'),
      'cfdi:Conceptos': {
        'cfdi:Concepto': [
          taxedConcept(
            `Suministro de energía eléctrica, tarifa ${receipt.tariff}`,
            receipt.energy,
            receipt.vatRate,
            receipt.vat,
          ),
          {
            '@ClaveProdServ': '83101801',
            '@Cantidad': '1',
            '@ClaveUnidad': 'E48',
            '@Descripcion': 'Derecho de alumbrado público',
            '@ValorUnitario': moneyText(receipt.lightingDuty),
            '@Importe': moneyText(receipt.lightingDuty),
            '@ObjetoImp': '01',
          },
        ],
      },
      'cfdi:Impuestos': voucherTaxes(receipt.energy, receipt.vatRate, receipt.vat),
      'cfdi:Complemento': stamp(receipt),
      'cfdi:Addenda': {
        clsRegArchFact: record,
        ...cfeAddendum(receipt, { '@Tarifa': receipt.tariff }),
      },
    },
  };
  const xml = Buffer.from(builder.build(voucher) as string, 'utf8');
  return receipt.mojibake === 'latin1'
    ? toLatin1(
        xml,
        MOJIBAKE_FIELDS.map((field) => record[field] ?? ''),
      )
    : xml;
}

/** The same file with these texts' bytes in Latin-1: what a system that ignores the declared encoding writes. */
function toLatin1(xml: Buffer, texts: string[]): Buffer {
  let result = xml;
  for (const text of texts) {
    const utf8 = Buffer.from(text, 'utf8');
    if (text === '' || utf8.length === text.length) continue;
    const latin1 = Buffer.from(text, 'latin1');
    const parts: Buffer[] = [];
    let from = 0;
    for (let at = result.indexOf(utf8, from); at !== -1; at = result.indexOf(utf8, from)) {
      parts.push(result.subarray(from, at), latin1);
      from = at + utf8.length;
    }
    parts.push(result.subarray(from));
    result = Buffer.concat(parts);
  }
  return result;
}

function complementaryXml(complementary: WorldComplementary, profile: ServiceProfile): Buffer {
  const voucher = {
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    'cfdi:Comprobante': {
      ...incomeAttributes(complementary, complementary.subtotal, complementary.total),
      'cfdi:CfdiRelacionados': {
        '@TipoRelacion': '02',
        'cfdi:CfdiRelacionado': { '@UUID': complementary.relatedUuid },
      },
      'cfdi:Emisor': issuer,
      'cfdi:Receptor': receiver(profile, 'G03'),
      'cfdi:Conceptos': {
        'cfdi:Concepto': taxedConcept(
          complementary.description,
          complementary.subtotal,
          complementary.vatRate,
          complementary.vat,
        ),
      },
      'cfdi:Impuestos': voucherTaxes(complementary.subtotal, complementary.vatRate, complementary.vat),
      'cfdi:Complemento': stamp(complementary),
      'cfdi:Addenda': cfeAddendum(complementary),
    },
  };
  return Buffer.from(builder.build(voucher) as string, 'utf8');
}

/** The VAT inside a paid amount of a receipt: SAT asks for the base and tax per document paid. */
function paidTaxes(paid: number, vatRate: 16 | 8) {
  const base = Math.round((paid * 100) / (100 + vatRate));
  return { base, tax: paid - base };
}

function paymentXml(payment: WorldPayment, profile: ServiceProfile): Buffer {
  const taxes = payment.documents.map((document) => ({
    ...paidTaxes(document.paid, document.vatRate),
    rate: document.vatRate,
  }));
  const totalsBy = (vatRate: 16 | 8) => {
    const ofRate = taxes.filter((tax) => tax.rate === vatRate);
    if (ofRate.length === 0) return {};
    const base = ofRate.reduce((sum, tax) => sum + tax.base, 0);
    const tax = ofRate.reduce((sum, item) => sum + item.tax, 0);
    return vatRate === 16
      ? { '@TotalTrasladosBaseIVA16': moneyText(base), '@TotalTrasladosImpuestoIVA16': moneyText(tax) }
      : { '@TotalTrasladosBaseIVA8': moneyText(base), '@TotalTrasladosImpuestoIVA8': moneyText(tax) };
  };
  const byRate = new Map<16 | 8, { base: number; tax: number }>();
  for (const tax of taxes) {
    const sum = byRate.get(tax.rate) ?? { base: 0, tax: 0 };
    byRate.set(tax.rate, { base: sum.base + tax.base, tax: sum.tax + tax.tax });
  }
  const voucher = {
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    'cfdi:Comprobante': {
      ...voucherAttributes(payment, { SubTotal: '0', Moneda: 'XXX', Total: '0', TipoDeComprobante: 'P' }),
      '@xmlns:pago20': PAYMENTS_NAMESPACE,
      '@xsi:schemaLocation': `${CFDI_SCHEMA} ${PAYMENTS_SCHEMA}`,
      'cfdi:Emisor': issuer,
      'cfdi:Receptor': receiver(profile, 'CP01'),
      'cfdi:Conceptos': {
        'cfdi:Concepto': {
          '@ClaveProdServ': '84111506',
          '@Cantidad': '1',
          '@ClaveUnidad': 'ACT',
          '@Descripcion': 'Pago',
          '@ValorUnitario': '0',
          '@Importe': '0',
          '@ObjetoImp': '01',
        },
      },
      'cfdi:Complemento': {
        'pago20:Pagos': {
          '@Version': '2.0',
          'pago20:Totales': {
            ...totalsBy(16),
            ...totalsBy(8),
            '@MontoTotalPagos': moneyText(payment.amount),
          },
          'pago20:Pago': {
            '@FechaPago': payment.paidAt,
            '@FormaDePagoP': payment.form,
            '@MonedaP': 'MXN',
            '@TipoCambioP': '1',
            '@Monto': moneyText(payment.amount),
            ...(payment.reference ? { '@NumOperacion': payment.reference } : {}),
            'pago20:DoctoRelacionado': payment.documents.map((document, index) => ({
              '@IdDocumento': document.uuid,
              '@Serie': document.series,
              '@Folio': document.folio,
              '@MonedaDR': 'MXN',
              '@EquivalenciaDR': '1',
              '@NumParcialidad': String(document.installment),
              '@ImpSaldoAnt': moneyText(document.balanceBefore),
              '@ImpPagado': moneyText(document.paid),
              '@ImpSaldoInsoluto': moneyText(document.balanceAfter),
              '@ObjetoImpDR': '02',
              'pago20:ImpuestosDR': {
                'pago20:TrasladosDR': {
                  'pago20:TrasladoDR': {
                    '@BaseDR': moneyText(taxes[index]?.base ?? 0),
                    '@ImpuestoDR': '002',
                    '@TipoFactorDR': 'Tasa',
                    '@TasaOCuotaDR': rate(document.vatRate),
                    '@ImporteDR': moneyText(taxes[index]?.tax ?? 0),
                  },
                },
              },
            })),
            'pago20:ImpuestosP': {
              'pago20:TrasladosP': {
                'pago20:TrasladoP': [...byRate].map(([vatRate, sum]) => ({
                  '@BaseP': moneyText(sum.base),
                  '@ImpuestoP': '002',
                  '@TipoFactorP': 'Tasa',
                  '@TasaOCuotaP': rate(vatRate),
                  '@ImporteP': moneyText(sum.tax),
                })),
              },
            },
          },
        },
        ...stamp(payment),
      },
      'cfdi:Addenda': cfeAddendum(payment),
    },
  };
  return Buffer.from(builder.build(voucher) as string, 'utf8');
}

/** The CFDI XML of any document of the simulated world, as the portal serves it. */
export function documentCfdi(document: WorldDocument, profile: ServiceProfile): Buffer {
  switch (document.type) {
    case 'receipt':
      return receiptXml(document, profile);
    case 'complementary':
      return complementaryXml(document, profile);
    case 'payment':
      return paymentXml(document, profile);
  }
}

/** SAT's verification expression of a CFDI 4.0 (Anexo 20): what the QR of a printed receipt holds. */
export function satVerificationUrl(document: WorldReceipt, profile: ServiceProfile): string {
  const total = moneyText(document.total).replace(/\.?0+$/, '');
  const sello = seal(document.uuid, 'cfd');
  return `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=${document.uuid}&re=${CFE_RFC}&rr=${profile.receiverRfc}&tt=${total}&fe=${sello.slice(-8)}`;
}

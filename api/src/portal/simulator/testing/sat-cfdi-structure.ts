import { XMLParser } from 'fast-xml-parser';

/**
 * The structure SAT's schemas require of a CFDI 4.0 (cfdv40.xsd, with tdCFDI's types), of its
 * stamp (TimbreFiscalDigitalv11.xsd) and of the payments complement (Pagos20.xsd), written down
 * for the tests: every element in its sequence and count, every attribute the schema declares
 * (required ones must be there, undeclared ones must not), with the patterns of the simple types.
 * Catalogue values (postal codes, product keys) are checked only for their shape: the catalogue
 * schema itself is not kept here.
 */

type AttributeRule = { required: boolean; pattern?: RegExp };
type ElementRule = {
  attributes: Record<string, AttributeRule>;
  /** In the schema's sequence order. `any`: a complement or addenda of any content. */
  children?: ChildRule[];
  any?: boolean;
};
type ChildRule = { name: string; min: number; max: number; rule: ElementRule };

const required = (pattern?: RegExp): AttributeRule => ({ required: true, ...(pattern ? { pattern } : {}) });
const optional = (pattern?: RegExp): AttributeRule => ({ required: false, ...(pattern ? { pattern } : {}) });
const child = (name: string, min: number, max: number, rule: ElementRule): ChildRule => ({
  name,
  min,
  max,
  rule,
});
const MANY = Number.POSITIVE_INFINITY;

// tdCFDI and catalogue shapes.
const importe = /^[0-9]{1,18}(\.[0-9]{1,6})?$/;
const rate = /^[0-9]\.[0-9]{6}$/;
const rfc = /^[A-Z&Ñ]{3,4}[0-9]{2}(0[1-9]|1[012])(0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]$/;
const dateTime =
  /^(20[1-9][0-9])-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T(([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9])$/;
const uuid = /^[a-f0-9A-F]{8}-[a-f0-9A-F]{4}-[a-f0-9A-F]{4}-[a-f0-9A-F]{4}-[a-f0-9A-F]{12}$/;
const certificateNumber = /^[0-9]{20}$/;
const base64 = /^[A-Za-z0-9+/]+={0,2}$/;
const postalCode = /^[0-9]{5}$/;
const twoDigits = /^[0-9]{2}$/;
const text = (max: number) => new RegExp(`^[^|]{1,${max}}$`);
const tax = /^00[1-3]$/;
const factor = /^(Tasa|Cuota|Exento)$/;
const currency = /^[A-Z]{3}$/;

const transfer = (suffix = ''): ElementRule => ({
  attributes: {
    [`Base${suffix}`]: required(importe),
    [`Impuesto${suffix}`]: required(tax),
    [`TipoFactor${suffix}`]: required(factor),
    [`TasaOCuota${suffix}`]: optional(rate),
    [`Importe${suffix}`]: optional(importe),
  },
});
const withholding = (suffix = ''): ElementRule => ({
  attributes: {
    ...(suffix === '' ? { Base: required(importe) } : { [`Base${suffix}`]: required(importe) }),
    [`Impuesto${suffix}`]: required(tax),
    [`TipoFactor${suffix}`]: required(factor),
    [`TasaOCuota${suffix}`]: required(rate),
    [`Importe${suffix}`]: required(importe),
  },
});
const taxes = (prefix: string, suffix = '', attributes: Record<string, AttributeRule> = {}): ElementRule => ({
  attributes,
  children: [
    child(`${prefix}Retenciones${suffix}`, 0, 1, {
      attributes: {},
      children: [child(`${prefix}Retencion${suffix}`, 1, MANY, withholding(suffix))],
    }),
    child(`${prefix}Traslados${suffix}`, 0, 1, {
      attributes: {},
      children: [child(`${prefix}Traslado${suffix}`, 1, MANY, transfer(suffix))],
    }),
  ],
});

const concept: ElementRule = {
  attributes: {
    ClaveProdServ: required(/^[0-9]{8}$/),
    NoIdentificacion: optional(text(100)),
    Cantidad: required(/^[0-9]{1,18}(\.[0-9]{1,6})?$/),
    ClaveUnidad: required(/^[A-Z0-9]{1,3}$/),
    Unidad: optional(text(20)),
    Descripcion: required(text(1000)),
    ValorUnitario: required(importe),
    Importe: required(importe),
    Descuento: optional(importe),
    ObjetoImp: required(/^0[1-8]$/),
  },
  children: [
    child('cfdi:Impuestos', 0, 1, {
      attributes: {},
      children: [
        child('cfdi:Traslados', 0, 1, {
          attributes: {},
          children: [child('cfdi:Traslado', 1, MANY, transfer())],
        }),
        child('cfdi:Retenciones', 0, 1, {
          attributes: {},
          children: [child('cfdi:Retencion', 1, MANY, withholding())],
        }),
      ],
    }),
    child('cfdi:ACuentaTerceros', 0, 1, { attributes: {}, any: true }),
    child('cfdi:InformacionAduanera', 0, MANY, { attributes: {}, any: true }),
    child('cfdi:CuentaPredial', 0, MANY, { attributes: {}, any: true }),
    child('cfdi:ComplementoConcepto', 0, 1, { attributes: {}, any: true }),
    child('cfdi:Parte', 0, MANY, { attributes: {}, any: true }),
  ],
};

const voucherTaxes: ElementRule = {
  attributes: { TotalImpuestosRetenidos: optional(importe), TotalImpuestosTrasladados: optional(importe) },
  children: [
    child('cfdi:Retenciones', 0, 1, {
      attributes: {},
      children: [
        child('cfdi:Retencion', 1, MANY, {
          attributes: { Impuesto: required(tax), Importe: required(importe) },
        }),
      ],
    }),
    child('cfdi:Traslados', 0, 1, {
      attributes: {},
      children: [child('cfdi:Traslado', 1, MANY, transfer())],
    }),
  ],
};

/** cfdv40.xsd: cfdi:Comprobante. */
export const comprobante: ElementRule = {
  attributes: {
    Version: required(/^4\.0$/),
    Serie: optional(text(25)),
    Folio: optional(text(40)),
    Fecha: required(dateTime),
    Sello: required(base64),
    FormaPago: optional(twoDigits),
    NoCertificado: required(certificateNumber),
    Certificado: required(base64),
    CondicionesDePago: optional(text(1000)),
    SubTotal: required(importe),
    Descuento: optional(importe),
    Moneda: required(currency),
    TipoCambio: optional(/^[0-9]{1,18}(\.[0-9]{1,6})?$/),
    Total: required(importe),
    TipoDeComprobante: required(/^[IETNP]$/),
    Exportacion: required(/^0[1-4]$/),
    MetodoPago: optional(/^(PUE|PPD)$/),
    LugarExpedicion: required(postalCode),
    Confirmacion: optional(/^[0-9a-zA-Z]{5}$/),
  },
  children: [
    child('cfdi:InformacionGlobal', 0, 1, {
      attributes: {
        Periodicidad: required(twoDigits),
        Meses: required(twoDigits),
        Año: required(/^20[0-9]{2}$/),
      },
    }),
    child('cfdi:CfdiRelacionados', 0, MANY, {
      attributes: { TipoRelacion: required(/^0[1-7]$/) },
      children: [child('cfdi:CfdiRelacionado', 1, MANY, { attributes: { UUID: required(uuid) } })],
    }),
    child('cfdi:Emisor', 1, 1, {
      attributes: {
        Rfc: required(rfc),
        Nombre: required(text(300)),
        RegimenFiscal: required(/^[0-9]{3}$/),
        FacAtrAdquirente: optional(/^[0-9]{10}$/),
      },
    }),
    child('cfdi:Receptor', 1, 1, {
      attributes: {
        Rfc: required(rfc),
        Nombre: required(text(300)),
        DomicilioFiscalReceptor: required(postalCode),
        ResidenciaFiscal: optional(currency),
        NumRegIdTrib: optional(/^.{1,40}$/),
        RegimenFiscalReceptor: required(/^[0-9]{3}$/),
        UsoCFDI: required(/^[A-Z]{1,2}[0-9]{2}$/),
      },
    }),
    child('cfdi:Conceptos', 1, 1, { attributes: {}, children: [child('cfdi:Concepto', 1, MANY, concept)] }),
    child('cfdi:Impuestos', 0, 1, voucherTaxes),
    child('cfdi:Complemento', 0, 1, { attributes: {}, any: true }),
    child('cfdi:Addenda', 0, 1, { attributes: {}, any: true }),
  ],
};

/** TimbreFiscalDigitalv11.xsd. */
export const timbreFiscalDigital: ElementRule = {
  attributes: {
    Version: required(/^1\.1$/),
    UUID: required(uuid),
    FechaTimbrado: required(dateTime),
    RfcProvCertif: required(rfc),
    Leyenda: optional(/^.{12,150}$/),
    SelloCFD: required(base64),
    NoCertificadoSAT: required(certificateNumber),
    SelloSAT: required(base64),
  },
};

/** Pagos20.xsd. */
export const pagos: ElementRule = {
  attributes: { Version: required(/^2\.0$/) },
  children: [
    child('pago20:Totales', 1, 1, {
      attributes: Object.fromEntries(
        [
          'TotalRetencionesIVA',
          'TotalRetencionesISR',
          'TotalRetencionesIEPS',
          'TotalTrasladosBaseIVA16',
          'TotalTrasladosImpuestoIVA16',
          'TotalTrasladosBaseIVA8',
          'TotalTrasladosImpuestoIVA8',
          'TotalTrasladosBaseIVA0',
          'TotalTrasladosImpuestoIVA0',
          'TotalTrasladosBaseIVAExento',
        ]
          .map((name): [string, AttributeRule] => [name, optional(importe)])
          .concat([['MontoTotalPagos', required(importe)]]),
      ),
    }),
    child('pago20:Pago', 1, MANY, {
      attributes: {
        FechaPago: required(dateTime),
        FormaDePagoP: required(twoDigits),
        MonedaP: required(currency),
        TipoCambioP: optional(/^[0-9]{1,18}(\.[0-9]{1,6})?$/),
        Monto: required(importe),
        NumOperacion: optional(text(100)),
        RfcEmisorCtaOrd: optional(),
        NomBancoOrdExt: optional(),
        CtaOrdenante: optional(),
        RfcEmisorCtaBen: optional(),
        CtaBeneficiario: optional(),
        TipoCadPago: optional(),
        CertPago: optional(),
        CadPago: optional(),
        SelloPago: optional(),
      },
      children: [
        child('pago20:DoctoRelacionado', 1, MANY, {
          attributes: {
            IdDocumento: required(/^.{16,36}$/),
            Serie: optional(text(25)),
            Folio: optional(text(40)),
            MonedaDR: required(currency),
            EquivalenciaDR: optional(/^[0-9]{1,18}(\.[0-9]{1,10})?$/),
            NumParcialidad: required(/^[1-9][0-9]{0,2}$/),
            ImpSaldoAnt: required(importe),
            ImpPagado: required(importe),
            ImpSaldoInsoluto: required(importe),
            ObjetoImpDR: required(/^0[1-8]$/),
          },
          children: [child('pago20:ImpuestosDR', 0, 1, taxes('pago20:', 'DR'))],
        }),
        child('pago20:ImpuestosP', 0, 1, taxes('pago20:', 'P')),
      ],
    }),
  ],
};

const NAMESPACES: Record<string, string> = {
  cfdi: 'http://www.sat.gob.mx/cfd/4',
  tfd: 'http://www.sat.gob.mx/TimbreFiscalDigital',
  pago20: 'http://www.sat.gob.mx/Pagos20',
};

type Ordered = {
  [name: string]: Ordered[] | Record<string, string> | string | undefined;
  ':@'?: Record<string, string>;
};
const ordered = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
});

const nameOf = (node: Ordered) => Object.keys(node).find((key) => key !== ':@') as string;
const childrenOf = (node: Ordered) =>
  ((node[nameOf(node)] as Ordered[] | undefined) ?? []).filter((item) => nameOf(item) !== '#text');
const attributesOf = (node: Ordered) => node[':@'] ?? {};

function check(node: Ordered, rule: ElementRule, path: string, problems: string[]) {
  const attributes = attributesOf(node);
  for (const [name, attribute] of Object.entries(rule.attributes)) {
    const value = attributes[name];
    if (value === undefined) {
      if (attribute.required) problems.push(`${path}: falta el atributo requerido ${name}`);
    } else if (attribute.pattern && !attribute.pattern.test(value)) {
      problems.push(`${path}/@${name}: "${value}" no cumple el tipo del esquema`);
    }
  }
  for (const name of Object.keys(attributes)) {
    if (name.startsWith('xmlns') || name === 'xsi:schemaLocation') continue;
    if (!(name in rule.attributes)) problems.push(`${path}: atributo no declarado ${name}`);
  }
  if (rule.any) return;
  const children = childrenOf(node);
  let index = 0;
  for (const expected of rule.children ?? []) {
    let count = 0;
    while (index < children.length && nameOf(children[index] as Ordered) === expected.name) {
      check(children[index] as Ordered, expected.rule, `${path}/${expected.name}`, problems);
      index += 1;
      count += 1;
    }
    if (count < expected.min) problems.push(`${path}: falta ${expected.name}`);
    if (count > expected.max) problems.push(`${path}: ${expected.name} aparece ${count} veces`);
  }
  for (const extra of children.slice(index))
    problems.push(`${path}: elemento fuera de lugar o no declarado ${nameOf(extra)}`);
}

/**
 * Problems of a CFDI 4.0 against SAT's structure (empty: valid): the voucher, its stamp and, in a
 * payment document, the payments complement.
 */
export function satStructureProblems(xml: string | Buffer): string[] {
  const problems: string[] = [];
  const document = ordered.parse(typeof xml === 'string' ? xml : xml.toString('utf8')) as Ordered[];
  const root = document.find((node) => nameOf(node) === 'cfdi:Comprobante');
  if (!root) return ['no hay cfdi:Comprobante'];
  const declared = attributesOf(root);
  for (const [prefix, namespace] of Object.entries(NAMESPACES)) {
    const used = JSON.stringify(document).includes(`"${prefix}:`);
    if (used && declared[`xmlns:${prefix}`] !== namespace)
      problems.push(`el prefijo ${prefix} no es ${namespace}`);
  }
  check(root, comprobante, 'cfdi:Comprobante', problems);
  const complement = childrenOf(root).find((node) => nameOf(node) === 'cfdi:Complemento');
  const parts = complement ? childrenOf(complement) : [];
  const stamps = parts.filter((node) => nameOf(node) === 'tfd:TimbreFiscalDigital');
  if (stamps.length !== 1) problems.push('el CFDI debe tener exactamente un tfd:TimbreFiscalDigital');
  for (const stamp of stamps) check(stamp, timbreFiscalDigital, 'tfd:TimbreFiscalDigital', problems);
  const payments = parts.filter((node) => nameOf(node) === 'pago20:Pagos');
  const type = attributesOf(root).TipoDeComprobante;
  if (type === 'P' && payments.length !== 1) problems.push('un CFDI de pago lleva un pago20:Pagos');
  for (const payment of payments) check(payment, pagos, 'pago20:Pagos', problems);
  return problems;
}

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseCfeDate } from './dates';
import { decodeCfdiBytes, repairText } from './decode';
import { cfdiMessages } from './messages';
import { centavosOf, money, moneyText } from './money';
import { paymentFormName } from './payment-forms';

/** A document CFE issues: a receipt, a complementary invoice of a period, or a payment (type P). */
export type CfeDocumentKind = 'receipt' | 'complementary' | 'payment';

/** Money is exact decimal text with two decimals ("1234.56"), as on the wire (zMoney). */
export type Money = string;

type CfeCommon = {
  uuid: string;
  series: string;
  folio: string;
  /** The CFDI's own date and time (`Fecha`), as written: yyyy-MM-ddTHH:mm:ss. */
  issuedAt: string;
  issuerRfc: string;
  receiverRfc: string;
  receiverName: string;
  /** Folios fiscales of the CFDI this one relates to (`CfdiRelacionados`). */
  relatedUuids: string[];
};

export type CfeHolder = {
  name: string;
  /** Street and number (`DIRECC`). */
  street: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  /** Everything above in one line, as a person reads it. */
  address: string | null;
};

/** A receipt or a complementary invoice of a billing period. */
export type CfeInvoice = CfeCommon & {
  kind: 'receipt' | 'complementary';
  serviceNumber: string;
  /** yyyy-MM of the receipt (`OCR_AAAA`/`OCR_MM`, else `cfe:CFE` `ano`/`mes`); null when it says none. */
  billingMonth: string | null;
  /** yyyy-MM-dd. */
  initialDate: string | null;
  finalDate: string | null;
  dueDate: string | null;
  cutoffDate: string | null;
  days: number | null;
  /** Fiscal total with cents (`Comprobante/@Total`). */
  total: Money;
  /** CFE's whole-peso total to pay (`IMPTOTAL`), e.g. "244015"; what linking a service asks for. */
  totalToPay: string | null;
  subtotal: Money;
  /** "0.16" or "0.08" (northern border region); null when no VAT is charged. */
  vatRate: string | null;
  vat: Money;
  /** Municipal lighting duty (`IMPDAP`). */
  lightingDuty: Money | null;
  /** Earlier debt carried into this receipt (`ADEANT`). */
  previousDebt: Money | null;
  /** `AJUSTE_POR_REDONDEO`: what rounding to whole pesos added or took off. */
  rounding: Money | null;
  /** kWh of the period (`CONSUMO_R`), decimal text. */
  kwh: string | null;
  /** Base / intermediate / peak kWh (`CONSUMO1F/2F/3F`, hourly tariffs such as GDMTH). */
  kwhBase: string | null;
  kwhIntermediate: string | null;
  kwhPeak: string | null;
  /** kW (`DEMANDA`). */
  demandKw: string | null;
  /** Per cent (`FacPot`). */
  powerFactor: string | null;
  tariff: string | null;
  holder: CfeHolder;
  /** The receipt's history of past months (`MESRnn`/`CONSUMORnn`), newest first, as CFE writes the month. */
  history: { month: string; kwh: string | null }[];
};

export type CfePaymentEntry = {
  /** yyyy-MM-ddTHH:mm:ss as written (`FechaPago`). */
  paidAt: string;
  /** yyyy-MM-dd. */
  paidOn: string;
  /** SAT's payment-form code (`FormaDePagoP`) and its Spanish name. */
  form: string;
  channel: string;
  amount: Money;
  currency: string;
  /** The bank's operation number (`NumOperacion`), or null. */
  reference: string | null;
  /** The receipts this payment pays. */
  documents: { uuid: string; series: string | null; folio: string | null; amountPaid: Money | null }[];
};

/** A payment CFDI (type P, payments complement 2.0). */
export type CfePayment = CfeCommon & {
  kind: 'payment';
  /** Null when the document does not name the service: it is then known by the receipts it pays. */
  serviceNumber: string | null;
  payments: CfePaymentEntry[];
};

export type CfeDocument = CfeInvoice | CfePayment;

/** A document that is not a CFE CFDI, or that cannot say which service it belongs to. */
export class CfdiError extends Error {
  override name = 'CfdiError';
  constructor(
    readonly code:
      | 'not_cfdi'
      | 'no_service_number'
      | 'service_numbers_disagree'
      | 'wrong_service'
      | 'no_uuid',
    message: string,
  ) {
    super(message);
  }
}

type XmlNode = { [key: string]: unknown };

// Every value stays text: a service number keeps its leading zeros and money is never a float.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
});

const isNode = (value: unknown): value is XmlNode => typeof value === 'object' && value !== null;
const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];
const nodes = (node: XmlNode | undefined, name: string): XmlNode[] => asList(node?.[name]).filter(isNode);
const child = (node: XmlNode | undefined, name: string): XmlNode | undefined => nodes(node, name)[0];

/** Text of an element that may be plain text or an element with attributes. */
function textOf(value: unknown): string | null {
  const first = asList(value)[0];
  const raw = isNode(first) ? first['#text'] : first;
  if (raw === undefined || raw === null) return null;
  const text = repairText(String(raw)).trim();
  return text === '' ? null : text;
}

const attribute = (node: XmlNode | undefined, name: string): string | null => textOf(node?.[`@${name}`]);

/** Every element of this name at any depth, in document order. */
function findAll(node: unknown, name: string, found: unknown[] = []): unknown[] {
  for (const item of asList(node)) {
    if (!isNode(item)) continue;
    for (const [key, value] of Object.entries(item)) {
      if (key.startsWith('@') || key === '#text') continue;
      if (key === name) found.push(...asList(value));
      findAll(value, name, found);
    }
  }
  return found;
}

/** A number as decimal text without thousands separators ("12,345.50" → "12345.50"); null when it is none. */
function numberText(text: string | null): string | null {
  const value = text?.replace(/[,\s]/g, '');
  return value && /^-?\d+(\.\d+)?$/.test(value) ? value : null;
}

/** kWh and similar quantities: exact text with at most two decimals (the contract's zKwh). */
function quantity(text: string | null): string | null {
  const value = numberText(text);
  if (value === null) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  const kept = fraction.slice(0, 2).replace(/0+$/, '');
  return kept ? `${whole}.${kept}` : whole;
}

const SERVICE_NUMBER = /^\d{12}$/;

/** The service number inside CFE's reference line: "01 <service number> <yymmdd> <amount> <check digit>". */
function serviceNumberOfReferenceLine(line: string | null): string | null {
  const match = /^0?1\s*(\d{12})/.exec(line?.trim() ?? '');
  return match?.[1] ?? null;
}

/** Every service number the CFDI names, wherever CFE writes it, normalised and without repeats. */
function serviceNumbersOf(voucher: XmlNode): string[] {
  const found = [
    ...findAll(voucher, 'clsRegArchFact').flatMap((record) =>
      isNode(record) ? asList(record.RPU).map(textOf) : [],
    ),
    ...findAll(voucher, 'ComisionFederalElectricidad').map((node) =>
      isNode(node) ? attribute(node, 'RPU') : null,
    ),
    ...findAll(voucher, 'LineaDeReferencia').map((line) => serviceNumberOfReferenceLine(textOf(line))),
    ...findAll(voucher, 'ComisionFederalElectricidad')
      .filter(isNode)
      .map((node) => serviceNumberOfReferenceLine(attribute(node, 'LineaDeReferencia'))),
  ]
    .map((value) => value?.replace(/\s+/g, '') ?? '')
    .filter((value) => value !== '');
  return [...new Set(found)];
}

/** The one service number of a document, or why there is none. */
function oneServiceNumber(voucher: XmlNode, required: boolean): string | null {
  const numbers = serviceNumbersOf(voucher);
  if (numbers.length > 1)
    throw new CfdiError('service_numbers_disagree', cfdiMessages.serviceNumbersDisagree(numbers));
  const [number] = numbers;
  if (number !== undefined && SERVICE_NUMBER.test(number)) return number;
  if (required || number !== undefined)
    throw new CfdiError('no_service_number', cfdiMessages.noServiceNumber);
  return null;
}

/**
 * The vouchers read from files still in memory: a sync reads each downloaded CFDI twice, the
 * connector to check whose it is and the sync to store it, and both get the same bytes.
 */
const vouchersRead = new WeakMap<Uint8Array, XmlNode>();

/** Reads the XML of a document; throws CfdiError('not_cfdi') for anything that is not a CFDI. */
function voucherOf(xml: Uint8Array | string): XmlNode {
  if (typeof xml === 'string') return parseVoucher(xml);
  const read = vouchersRead.get(xml);
  if (read) return read;
  const voucher = parseVoucher(decodeCfdiBytes(xml));
  vouchersRead.set(xml, voucher);
  return voucher;
}

function parseVoucher(text: string): XmlNode {
  if (XMLValidator.validate(text) !== true) throw new CfdiError('not_cfdi', cfdiMessages.notCfdi);
  let document: unknown;
  try {
    document = parser.parse(text);
  } catch {
    throw new CfdiError('not_cfdi', cfdiMessages.notCfdi);
  }
  const voucher = isNode(document) ? child(document, 'Comprobante') : undefined;
  if (!voucher || !attribute(voucher, 'Version')) throw new CfdiError('not_cfdi', cfdiMessages.notCfdi);
  return voucher;
}

function commonOf(voucher: XmlNode): CfeCommon {
  const stamp = findAll(child(voucher, 'Complemento'), 'TimbreFiscalDigital').filter(isNode)[0];
  const uuid = attribute(stamp, 'UUID')?.toUpperCase();
  if (!uuid) throw new CfdiError('no_uuid', cfdiMessages.noUuid);
  return {
    uuid,
    series: attribute(voucher, 'Serie') ?? '',
    folio: attribute(voucher, 'Folio') ?? '',
    issuedAt: attribute(voucher, 'Fecha') ?? '',
    issuerRfc: attribute(child(voucher, 'Emisor'), 'Rfc') ?? '',
    receiverRfc: attribute(child(voucher, 'Receptor'), 'Rfc') ?? '',
    receiverName: attribute(child(voucher, 'Receptor'), 'Nombre') ?? '',
    relatedUuids: nodes(voucher, 'CfdiRelacionados').flatMap((related) =>
      nodes(related, 'CfdiRelacionado')
        .map((node) => attribute(node, 'UUID')?.toUpperCase())
        .filter((uuid): uuid is string => Boolean(uuid)),
    ),
  };
}

/** A complementary invoice relates to the period's receipt as a debit or credit note; a substitution (04) is a receipt. */
function isComplementary(voucher: XmlNode): boolean {
  const type = attribute(voucher, 'TipoDeComprobante');
  if (type === 'E') return true;
  return nodes(voucher, 'CfdiRelacionados').some((related) => attribute(related, 'TipoRelacion') !== '04');
}

/** VAT (tax 002) of the whole voucher: rate and amount. */
function vatOf(
  voucher: XmlNode,
  record: (name: string) => string | null,
): { rate: string | null; amount: Money } {
  const transfers = nodes(child(child(voucher, 'Impuestos'), 'Traslados'), 'Traslado').filter(
    (transfer) => attribute(transfer, 'Impuesto') === '002',
  );
  const centavos = transfers.reduce(
    (sum, transfer) => sum + (centavosOf(attribute(transfer, 'Importe')) ?? 0),
    0,
  );
  const rateText = numberText(
    transfers.map((transfer) => attribute(transfer, 'TasaOCuota')).find(Boolean) ?? null,
  );
  const rate = rateText === null ? null : rateText.replace(/(\.\d*?[1-9])0+$/, '$1').replace(/\.0+$/, '');
  if (transfers.length > 0) return { rate, amount: moneyText(centavos) };
  return { rate: null, amount: money(record('IMPIVA')) ?? '0.00' };
}

const TARIFFS =
  /^(1[A-F]?|DAC|PDBT|GDBT|GDMTO|GDMTH|DIST|DIT|RABT|RAMT|APBT|APMT|2|3|OM|HM|HMC|HS|HSL|HT|HTL|5A?|6|7|9M?|9CU|9N)$/;

function invoiceOf(voucher: XmlNode, common: CfeCommon): CfeInvoice {
  const serviceNumber = oneServiceNumber(voucher, true) as string;
  const records = findAll(voucher, 'clsRegArchFact').filter(isNode);
  /** A field of CFE's record: the first record that has it. */
  const record = (name: string): string | null =>
    records.map((node) => textOf(node[name])).find((value) => value !== null) ?? null;
  const cfe = findAll(voucher, 'CFE').filter(isNode)[0];
  const company = cfe ? child(cfe, 'ComisionFederalElectricidad') : undefined;
  const reference = parseReference(common.issuedAt);
  const date = (name: string) => parseCfeDate(record(name), reference);

  const year = record('OCR_AAAA') ?? attribute(cfe, 'ano');
  const month = record('OCR_MM') ?? attribute(cfe, 'mes');
  const billingMonth =
    year && month && /^\d{2,4}$/.test(year) && /^\d{1,2}$/.test(month)
      ? `${year.length === 2 ? `20${year}` : year}-${month.padStart(2, '0')}`
      : null;

  const vat = vatOf(voucher, record);
  const tariff =
    [record('TARIFA'), record('TARIFA_REG'), attribute(company, 'Tarifa')].find(
      (value) => value !== null && TARIFFS.test(value.toUpperCase()),
    ) ??
    record('TARIFA') ??
    record('TARIFA_REG');
  const totalToPayCentavos = centavosOf(record('IMPTOTAL') ?? record('IMPTOTALXML'));
  const holderName = record('NOMBRE') ?? common.receiverName;
  const street = record('DIRECC');
  const city = record('NOMPOB');
  const state = record('NOMEST');
  const postalCode = record('CODIGO_POSTAL');
  const addressParts = [street, city, state, postalCode ? `C.P. ${postalCode}` : null].filter(Boolean);
  const days = numberText(record('Dias'));

  const history: CfeInvoice['history'] = [];
  for (let index = 1; index <= 99; index += 1) {
    const suffix = String(index).padStart(2, '0');
    const pastMonth = record(`MESR${suffix}`);
    if (!pastMonth) break;
    history.push({ month: pastMonth, kwh: quantity(record(`CONSUMOR${suffix}`)) });
  }

  return {
    ...common,
    kind: isComplementary(voucher) ? 'complementary' : 'receipt',
    serviceNumber,
    billingMonth,
    initialDate: date('FECDESDE'),
    finalDate: date('FECHASTA'),
    dueDate: date('FECLIMITE'),
    cutoffDate: date('FECORTE'),
    days: days === null ? null : Number.parseInt(days, 10),
    total: money(attribute(voucher, 'Total')) ?? '0.00',
    totalToPay: totalToPayCentavos === null ? null : String(Math.round(totalToPayCentavos / 100)),
    subtotal: money(attribute(voucher, 'SubTotal')) ?? '0.00',
    vatRate: vat.rate,
    vat: vat.amount,
    lightingDuty: money(record('IMPDAP')),
    previousDebt: money(record('ADEANT')),
    rounding: money(record('AJUSTE_POR_REDONDEO')),
    kwh: quantity(record('CONSUMO_R')),
    kwhBase: quantity(record('CONSUMO1F')),
    kwhIntermediate: quantity(record('CONSUMO2F')),
    kwhPeak: quantity(record('CONSUMO3F')),
    demandKw: quantity(record('DEMANDA')),
    powerFactor: quantity(record('FacPot')),
    tariff: tariff?.toUpperCase() ?? null,
    holder: {
      name: holderName,
      street,
      city,
      state,
      postalCode,
      address: addressParts.length > 0 ? addressParts.join(', ') : null,
    },
    history,
  };
}

function paymentOf(voucher: XmlNode, common: CfeCommon): CfePayment {
  const entries = findAll(child(voucher, 'Complemento'), 'Pagos')
    .filter(isNode)
    .flatMap((payments) => nodes(payments, 'Pago'));
  return {
    ...common,
    kind: 'payment',
    serviceNumber: oneServiceNumber(voucher, false),
    payments: entries.map((entry) => {
      const paidAt = attribute(entry, 'FechaPago') ?? '';
      const form = attribute(entry, 'FormaDePagoP') ?? '';
      return {
        paidAt,
        paidOn: paidAt.slice(0, 10),
        form,
        channel: paymentFormName(form),
        amount: money(attribute(entry, 'Monto')) ?? '0.00',
        currency: attribute(entry, 'MonedaP') ?? 'MXN',
        reference: attribute(entry, 'NumOperacion'),
        documents: nodes(entry, 'DoctoRelacionado').map((document) => ({
          uuid: attribute(document, 'IdDocumento')?.toUpperCase() ?? '',
          series: attribute(document, 'Serie'),
          folio: attribute(document, 'Folio'),
          amountPaid: money(attribute(document, 'ImpPagado')),
        })),
      };
    }),
  };
}

/** The CFDI's date as the reference for two-digit years; today when it has none. */
function parseReference(issuedAt: string): Date {
  const date = new Date(`${issuedAt.slice(0, 10)}T12:00:00`);
  return Number.isNaN(date.getTime()) ? new Date() : date;
}

/**
 * Everything Luz needs from a CFDI that CFE issued: a receipt, a complementary invoice or a
 * payment document (REAL-CFE.md §3). Pure: no I/O. Throws CfdiError when the file is not a CFDI,
 * has no stamp, or does not name exactly one service (a payment may name none).
 */
export function readCfeCfdi(xml: Uint8Array | string): CfeDocument {
  const voucher = voucherOf(xml);
  const common = commonOf(voucher);
  return attribute(voucher, 'TipoDeComprobante') === 'P'
    ? paymentOf(voucher, common)
    : invoiceOf(voucher, common);
}

/**
 * Every service number a document names, wherever CFE writes it (none for a file that is not a
 * CFDI): for a connector that must notice another service's document without judging it.
 */
export function cfdiServiceNumbers(xml: Uint8Array | string): string[] {
  try {
    return serviceNumbersOf(voucherOf(xml));
  } catch {
    return [];
  }
}

/**
 * A document may be stored under a service point only when it names that service point: checked
 * on every document, never assumed from where it was downloaded. A payment that names no service
 * is checked by the caller against the receipts it pays.
 */
export function assertDocumentOf(document: CfeDocument, serviceNumber: string): void {
  if (document.serviceNumber !== null && document.serviceNumber !== serviceNumber)
    throw new CfdiError('wrong_service', cfdiMessages.wrongService(serviceNumber, document.serviceNumber));
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { centavosOf, moneyText } from './money';
import { assertDocumentOf, CfdiError, type CfeInvoice, type CfePayment, readCfeCfdi } from './read-cfdi';

// Fixtures written to the field lists of REAL-CFE.md §3 (no complete real file is public).
const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));
const text = (name: string) => fixture(name).toString('utf8');
const gdmth = text('receipt-gdmth-16.xml');

const invoice = (xml: Uint8Array | string) => readCfeCfdi(xml) as CfeInvoice;
const refusal = (xml: Uint8Array | string): CfdiError => {
  try {
    readCfeCfdi(xml);
  } catch (error) {
    if (error instanceof CfdiError) return error;
    throw error;
  }
  throw new Error('the document was read');
};

/** The GDMTH receipt with the service number in one place only. */
const withServiceNumberOnlyIn = (place: 'record' | 'cfe' | 'reference') => {
  let xml = gdmth;
  if (place !== 'record') xml = xml.replace('<RPU>012345678901</RPU>', '');
  if (place !== 'cfe') xml = xml.replace(' RPU="012345678901"', '');
  if (place !== 'reference') xml = xml.replace(/<LineaDeReferencia>.*<\/LineaDeReferencia>/, '');
  return xml;
};

describe('a receipt (GDMTH, 16 % VAT)', () => {
  const receipt = invoice(fixture('receipt-gdmth-16.xml'));

  test('identity: kind, series, folio, UUID (upper case), issuer and receiver', () => {
    expect(receipt).toMatchObject({
      kind: 'receipt',
      series: 'KC',
      folio: '000050340014',
      uuid: '5F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0',
      issuedAt: '2025-12-02T10:15:22',
      issuerRfc: 'CSS160330CP7',
      receiverRfc: 'AFC010101AB1',
      serviceNumber: '012345678901',
      relatedUuids: [],
    });
  });

  test('amounts stay exact text: fiscal total with cents, whole-peso total to pay, VAT, lighting duty, rounding', () => {
    expect(receipt).toMatchObject({
      total: '245235.54',
      totalToPay: '245236',
      subtotal: '211580.23',
      vatRate: '0.16',
      vat: '33655.31',
      lightingDuty: '1234.56',
      previousDebt: null,
      rounding: '0.46',
    });
    // CFE's total to pay is the fiscal total plus debt plus its rounding, to the peso.
    const sum = (centavosOf(receipt.total) ?? 0) + (centavosOf(receipt.rounding) ?? 0);
    expect(sum).toBe(Number(receipt.totalToPay) * 100);
  });

  test('period, due and cut-off dates from "dd MMM yy" in Spanish; days and billing month', () => {
    expect(receipt).toMatchObject({
      initialDate: '2025-10-31',
      finalDate: '2025-11-30',
      dueDate: '2025-12-15',
      cutoffDate: '2025-12-16',
      days: 30,
      billingMonth: '2025-12',
    });
  });

  test('consumption with the base/intermediate/peak split, demand, power factor and tariff', () => {
    expect(receipt).toMatchObject({
      kwh: '85432',
      kwhBase: '21000',
      kwhIntermediate: '52000',
      kwhPeak: '12432',
      demandKw: '210',
      powerFactor: '93.45',
      tariff: 'GDMTH',
    });
    expect(receipt.history).toEqual([
      { month: 'NOV 25', kwh: '85432' },
      { month: 'OCT 25', kwh: '80211' },
      { month: 'SEP 25', kwh: '79004' },
    ]);
  });

  test('holder name and address', () => {
    expect(receipt.holder).toEqual({
      name: 'ALIMENTOS Y FRANQ D CHIAPAS',
      street: 'AV CENTRAL PTE 1234 COL CENTRO',
      city: 'TUXTLA GUTIERREZ',
      state: 'CHIAPAS',
      postalCode: '29000',
      address: 'AV CENTRAL PTE 1234 COL CENTRO, TUXTLA GUTIERREZ, CHIAPAS, C.P. 29000',
    });
  });
});

describe('the service number', () => {
  test.each(['record', 'cfe', 'reference'] as const)('is found in each place alone (%s)', (place) => {
    expect(invoice(withServiceNumberOnlyIn(place)).serviceNumber).toBe('012345678901');
  });

  test('is found in clsRegArchFact at any depth, outside the addenda too', () => {
    const nested = withServiceNumberOnlyIn('record')
      .replace('<clsRegArchFact>', '<Recibo><Datos><clsRegArchFact>')
      .replace('</clsRegArchFact>', '</clsRegArchFact></Datos></Recibo>');
    expect(invoice(nested).serviceNumber).toBe('012345678901');
  });

  test('two places that disagree: refused, naming both numbers', () => {
    const error = refusal(gdmth.replace(' RPU="012345678901"', ' RPU="012345678902"'));
    expect(error.code).toBe('service_numbers_disagree');
    expect(error.message).toContain('012345678901');
    expect(error.message).toContain('012345678902');
  });

  test('none at all: refused (a concept identification is not where CFE writes it)', () => {
    const none = withServiceNumberOnlyIn('record')
      .replace('<RPU>012345678901</RPU>', '')
      .replace('ObjetoImp="01"/>', 'ObjetoImp="01" NoIdentificacion="012345678901"/>');
    expect(refusal(none).code).toBe('no_service_number');
  });

  test('a document of another service is refused by the check, with a Spanish message', () => {
    const receipt = invoice(gdmth);
    expect(() => assertDocumentOf(receipt, '012345678901')).not.toThrow();
    expect(() => assertDocumentOf(receipt, '999999999999')).toThrow(
      'El CFDI descargado no corresponde al servicio 999999999999: pertenece al servicio 012345678901',
    );
  });
});

describe('a northern-border receipt (8 % VAT) across a change of year, with debt, rounding and broken accents', () => {
  const receipt = invoice(fixture('receipt-border-8.xml'));

  test('8 % VAT with cents', () => {
    expect(receipt).toMatchObject({ vatRate: '0.08', vat: '121.88', subtotal: '1569.15', total: '1691.03' });
  });

  test('earlier debt and a negative rounding make the total to pay', () => {
    expect(receipt).toMatchObject({ previousDebt: '312.40', rounding: '-0.43', totalToPay: '2003' });
    const parts = [receipt.total, receipt.previousDebt, receipt.rounding].map(
      (part) => centavosOf(part) ?? 0,
    );
    const sum = parts.reduce((total, part) => total + part, 0);
    expect(moneyText(sum)).toBe('2003.00');
  });

  test('a bimonthly period from November to January reads its two-digit years right', () => {
    expect(receipt).toMatchObject({
      initialDate: '2025-11-12',
      finalDate: '2026-01-13',
      dueDate: '2026-01-30',
      days: 62,
      billingMonth: '2026-01',
      tariff: '1F',
      kwh: '1204',
    });
  });

  test('Latin-1 bytes and double-encoded text are repaired; the holder comes from the record', () => {
    expect(receipt.holder.name).toBe('JOSÉ LUIS PEÑA RUÍZ');
    expect(receipt.holder.street).toBe('CALLE JARDÍN 45 COL. NUEVA');
    expect(receipt.serviceNumber).toBe('204987650123');
  });

  test('an accent lost before the file reached us ("Energ?a") does not stop the reading', () => {
    const damaged = text('receipt-gdmth-16.xml').replace(
      '<NOMPOB>TUXTLA GUTIERREZ</NOMPOB>',
      '<NOMPOB>TUXTLA GUTI?RREZ</NOMPOB>',
    );
    expect(invoice(damaged).holder.city).toBe('TUXTLA GUTI?RREZ');
  });
});

describe('a payment CFDI (type P, payments complement 2.0)', () => {
  const payment = readCfeCfdi(fixture('payment-pago20.xml')) as CfePayment;

  test('every payment: date, amount, channel in Spanish (c_FormaPago), reference and the receipt it pays', () => {
    expect(payment).toMatchObject({
      kind: 'payment',
      series: 'K9',
      folio: '000012345678',
      serviceNumber: '012345678901',
    });
    expect(payment.uuid).toBe('0C9D8E7F-6A5B-4C3D-9E2F-1A0B9C8D7E6F');
    expect(payment.payments).toEqual([
      {
        paidAt: '2025-12-10T13:22:09',
        paidOn: '2025-12-10',
        form: '03',
        channel: 'Transferencia electrónica de fondos',
        amount: '200000.00',
        currency: 'MXN',
        reference: 'BBVA 0098812',
        documents: [
          {
            uuid: '5F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0',
            series: 'KC',
            folio: '000050340014',
            amountPaid: '200000.00',
          },
        ],
      },
      {
        paidAt: '2025-12-12T09:05:00',
        paidOn: '2025-12-12',
        form: '01',
        channel: 'Efectivo',
        amount: '45236.00',
        currency: 'MXN',
        reference: null,
        documents: [
          {
            uuid: '5F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0',
            series: 'KC',
            folio: '000050340014',
            amountPaid: '45235.54',
          },
        ],
      },
    ]);
  });

  test('without CFE addenda it names no service: known by the receipts it pays', () => {
    const bare = text('payment-pago20.xml').replace(/<cfdi:Addenda>[\s\S]*<\/cfdi:Addenda>/, '');
    expect((readCfeCfdi(bare) as CfePayment).serviceNumber).toBeNull();
  });
});

test('a complementary invoice is a document of its period: related to the receipt, never a receipt itself', () => {
  const complementary = invoice(fixture('complementary.xml'));
  expect(complementary).toMatchObject({
    kind: 'complementary',
    serviceNumber: '012345678901',
    relatedUuids: ['5F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0'],
    billingMonth: '2025-12',
    total: '1392.00',
    vat: '192.00',
    vatRate: '0.16',
    initialDate: null,
  });
});

test('a substitution (TipoRelacion 04) is still a receipt', () => {
  const substitute = gdmth.replace(
    '<cfdi:Emisor',
    '<cfdi:CfdiRelacionados TipoRelacion="04"><cfdi:CfdiRelacionado UUID="11111111-2222-4333-8444-555555555555"/></cfdi:CfdiRelacionados><cfdi:Emisor',
  );
  expect(invoice(substitute)).toMatchObject({
    kind: 'receipt',
    relatedUuids: ['11111111-2222-4333-8444-555555555555'],
  });
});

describe('files that are not a CFE CFDI are refused with a clear Spanish message', () => {
  test.each([
    ['a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'latin1')],
    ['an HTML error page', '<html><body><h1>Request unsuccessful. Incapsula incident ID</h1></body></html>'],
    ['broken XML', '<cfdi:Comprobante Version="4.0"><cfdi:Emisor>'],
    ['another XML', '<?xml version="1.0"?><factura><total>10</total></factura>'],
    ['an empty file', ''],
  ])('%s', (_name, content) => {
    const error = refusal(content);
    expect(error.code).toBe('not_cfdi');
    expect(error.message).toBe(
      'El archivo no es un CFDI (factura electrónica XML) de CFE: no se pudo leer como XML con un cfdi:Comprobante. Descarga de nuevo el XML del recibo.',
    );
  });

  test('a CFDI without its stamp (no UUID)', () => {
    const unstamped = gdmth.replace(/<cfdi:Complemento>[\s\S]*<\/cfdi:Complemento>/, '');
    expect(refusal(unstamped).code).toBe('no_uuid');
  });
});

test('money is read as centavos, never through a float', () => {
  expect(centavosOf('0.1')).toBe(10);
  expect(centavosOf('244,015.57')).toBe(24401557);
  expect(centavosOf('0.160000')).toBe(16);
  expect(centavosOf('1.005')).toBe(101);
  expect(centavosOf('-0.43')).toBe(-43);
  expect(centavosOf('abc')).toBeNull();
  expect(moneyText(-43)).toBe('-0.43');
  expect(moneyText(24401557)).toBe('244015.57');
});

import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import QRCode from 'qrcode';
import { centavosOf, moneyText } from '../../cfdi/money';
import { paymentFormName } from '../../cfdi/payment-forms';
import { type CfeInvoice, type CfePayment, readCfeCfdi } from '../../cfdi/read-cfdi';
import { documentCfdi, satVerificationUrl } from './cfdi-writer';
import { receiptPdf } from './receipt-pdf';
import { satStructureProblems } from './testing/sat-cfdi-structure';
import {
  acceptedTotalsToPay,
  demoServiceNumbers,
  documentFileName,
  serviceDocuments,
  serviceProfile,
  serviceReceipts,
  type WorldDocument,
  type WorldReceipt,
} from './world';

const today = new Date('2026-05-20T15:00:00Z');
// Enough services to meet every tariff, both VAT rates, re-issues, complementary invoices,
// partial payments and mojibake.
const services = demoServiceNumbers('documentos', 40).map(serviceProfile);
const everything = services.flatMap((profile) =>
  serviceDocuments(profile, today).map((document) => ({ profile, document })),
);
const receipts = everything.flatMap(({ profile, document }) =>
  document.type === 'receipt' ? [{ profile, document }] : [],
);

const nullIfZero = (centavos: number) => (centavos === 0 ? null : moneyText(centavos));

test('the world has what CFE issues: both VAT rates, debt, rounding, re-issues, complementary invoices, payments and mojibake', () => {
  const kinds = (predicate: (document: WorldDocument) => boolean) =>
    everything.filter(({ document }) => predicate(document)).length;
  expect(kinds((d) => d.type === 'receipt' && d.vatRate === 16)).toBeGreaterThan(0);
  expect(kinds((d) => d.type === 'receipt' && d.vatRate === 8)).toBeGreaterThan(0);
  expect(kinds((d) => d.type === 'receipt' && d.previousDebt > 0)).toBeGreaterThan(0);
  expect(kinds((d) => d.type === 'receipt' && d.rounding !== 0)).toBeGreaterThan(0);
  expect(kinds((d) => d.type === 'receipt' && d.replaces !== null)).toBeGreaterThan(0);
  expect(kinds((d) => d.type === 'receipt' && d.mojibake !== 'none')).toBeGreaterThan(0);
  expect(kinds((d) => d.type === 'complementary')).toBeGreaterThan(0);
  expect(kinds((d) => d.type === 'payment')).toBeGreaterThan(0);
  expect(kinds((d) => d.type === 'payment' && d.documents.length > 1)).toBeGreaterThan(0);
});

test('series of two letters, 12-digit folios, files named <series>-<folio>', () => {
  for (const { document } of everything) {
    expect(document.series).toMatch(/^[A-Z][A-Z0-9]$/);
    expect(document.folio).toMatch(/^\d{12}$/);
    expect(documentFileName(document, 'xml')).toBe(`${document.series}-${document.folio}.xml`);
  }
  const keys = everything.map(({ document }) => `${document.series}-${document.folio}`);
  expect(new Set(keys).size).toBe(keys.length);
});

test('periods follow meter readings: consecutive, not calendar months, monthly or bimonthly by tariff', () => {
  for (const profile of services) {
    const kept = serviceReceipts(profile, today).reverse();
    expect(kept.length).toBeGreaterThan(profile.monthly ? 20 : 10);
    kept.slice(1).forEach((receipt, index) => {
      expect(receipt.initialDate).toBe(kept[index]?.finalDate);
      expect(receipt.days).toBeGreaterThanOrEqual(profile.monthly ? 24 : 55);
      expect(receipt.days).toBeLessThanOrEqual(profile.monthly ? 35 : 66);
    });
  }
  const endDays = new Set(receipts.map(({ document }) => document.finalDate.slice(8)));
  expect(endDays.size).toBeGreaterThan(10);
});

test('every XML the simulator writes has the structure SAT requires (cfdv40, TimbreFiscalDigital 1.1, Pagos 2.0)', () => {
  const failures: string[] = [];
  for (const { profile, document } of everything) {
    const problems = satStructureProblems(documentCfdi(document, profile));
    if (problems.length > 0) failures.push(`${document.series}-${document.folio}: ${problems.join('; ')}`);
  }
  expect(failures).toEqual([]);
  expect(everything.length).toBeGreaterThan(1000);
});

test('the structure check refuses what SAT refuses', () => {
  const { profile, document } = receipts[0] as {
    profile: ReturnType<typeof serviceProfile>;
    document: WorldReceipt;
  };
  const valid = documentCfdi(document, profile).toString('utf8');
  expect(satStructureProblems(valid)).toEqual([]);
  expect(satStructureProblems(valid.replace(/ Sello="[^"]*"/, ''))).toContain(
    'cfdi:Comprobante: falta el atributo requerido Sello',
  );
  expect(satStructureProblems(valid.replace(/ SelloSAT="[^"]*"/, ''))).toContain(
    'tfd:TimbreFiscalDigital: falta el atributo requerido SelloSAT',
  );
  expect(satStructureProblems(valid.replace(/ Total="(\d+)\.(\d\d)"/, ' Total="$1.$2.0"')).join()).toContain(
    '@Total',
  );
  expect(satStructureProblems(valid.replace('<cfdi:Emisor', '<cfdi:Nota/><cfdi:Emisor')).join()).toContain(
    'cfdi:Nota',
  );
});

test('the reader reads back exactly what the simulator meant: receipts', () => {
  for (const { profile, document } of receipts) {
    const read = readCfeCfdi(documentCfdi(document, profile)) as CfeInvoice;
    expect(read).toMatchObject({
      kind: 'receipt',
      uuid: document.uuid,
      series: document.series,
      folio: document.folio,
      serviceNumber: profile.serviceNumber,
      billingMonth: document.month,
      initialDate: document.initialDate,
      finalDate: document.finalDate,
      dueDate: document.dueDate,
      cutoffDate: document.cutoffDate,
      days: document.days,
      total: moneyText(document.total),
      totalToPay: String(document.totalToPay),
      subtotal: moneyText(document.subtotal),
      vatRate: document.vatRate === 16 ? '0.16' : '0.08',
      vat: moneyText(document.vat),
      lightingDuty: moneyText(document.lightingDuty),
      previousDebt: nullIfZero(document.previousDebt),
      rounding: nullIfZero(document.rounding),
      kwh: String(document.kwh),
      kwhBase: document.kwhBase === null ? null : String(document.kwhBase),
      kwhIntermediate: document.kwhIntermediate === null ? null : String(document.kwhIntermediate),
      kwhPeak: document.kwhPeak === null ? null : String(document.kwhPeak),
      demandKw: document.demandKw === null ? null : String(document.demandKw),
      powerFactor: document.powerFactor?.replace(/\.?0+$/, '') ?? null,
      tariff: document.tariff,
      relatedUuids: document.replaces ? [document.replaces] : [],
      holder: {
        name: profile.holderName,
        street: profile.street,
        city: profile.city,
        state: profile.state,
        postalCode: profile.postalCode,
        address: profile.address,
      },
    });
    // CFE's total to pay: fiscal total, earlier debt and rounding, to the peso.
    const parts = [read.total, read.previousDebt, read.rounding].map((part) => centavosOf(part) ?? 0);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(document.totalToPay * 100);
  }
});

test('the reader reads back exactly what the simulator meant: complementary invoices and payments', () => {
  for (const { profile, document } of everything) {
    if (document.type === 'complementary') {
      expect(readCfeCfdi(documentCfdi(document, profile))).toMatchObject({
        kind: 'complementary',
        uuid: document.uuid,
        serviceNumber: profile.serviceNumber,
        relatedUuids: [document.relatedUuid],
        billingMonth: document.month,
        total: moneyText(document.total),
        vat: moneyText(document.vat),
      });
    }
    if (document.type === 'payment') {
      const read = readCfeCfdi(documentCfdi(document, profile)) as CfePayment;
      expect(read).toMatchObject({
        kind: 'payment',
        uuid: document.uuid,
        serviceNumber: profile.serviceNumber,
      });
      expect(read.payments).toEqual([
        {
          paidAt: document.paidAt,
          paidOn: document.paidAt.slice(0, 10),
          form: document.form,
          channel: paymentFormName(document.form),
          amount: moneyText(document.amount),
          currency: 'MXN',
          reference: document.reference,
          documents: document.documents.map((paid) => ({
            uuid: paid.uuid,
            series: paid.series,
            folio: paid.folio,
            amountPaid: moneyText(paid.paid),
          })),
        },
      ]);
    }
  }
});

test('linking accepts the whole-peso total of the last or second-to-last receipt, which is not always the rounded fiscal total', () => {
  const differs = services.some((profile) => {
    const [latest] = serviceReceipts(profile, today);
    return latest !== undefined && latest.totalToPay !== Math.round(latest.total / 100);
  });
  expect(differs).toBe(true);
  for (const profile of services.slice(0, 5)) {
    const [latest, previous] = serviceReceipts(profile, today);
    expect(acceptedTotalsToPay(profile, today).sort()).toEqual(
      [previous?.totalToPay, latest?.totalToPay].filter((total) => total !== undefined).sort(),
    );
  }
});

test('the world does not shift: a shorter history shows the same documents', () => {
  const [profile] = services;
  if (!profile) throw new Error('no service');
  const long = serviceDocuments(profile, today, 26);
  const short = serviceDocuments(profile, today, 6);
  expect(short).toEqual(long.filter((document) => short.some((item) => item.uuid === document.uuid)));
  expect(short.length).toBeGreaterThan(0);
});

test('the PDF receipt is a one-page PDF made by a PDF library, with the QR of SAT verification expression', async () => {
  const { profile, document } = receipts[0] as {
    profile: ReturnType<typeof serviceProfile>;
    document: WorldReceipt;
  };
  const pdf = await receiptPdf(document, profile);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const loaded = await PDFDocument.load(pdf);
  expect(loaded.getPageCount()).toBe(1);
  expect(loaded.getTitle()).toBe(`Recibo CFE ${document.serviceNumber} ${document.series}-${document.folio}`);
  // Same receipt, same file.
  expect((await receiptPdf(document, profile)).equals(pdf)).toBe(true);
  // The dark modules the page fills are those of the QR of SAT's verification expression.
  const { modules } = QRCode.create(satVerificationUrl(document, profile), {
    errorCorrectionLevel: 'M',
    maskPattern: 2,
  });
  const expected = new Set<string>();
  for (let row = 0; row < modules.size; row += 1)
    for (let column = 0; column < modules.size; column += 1)
      if (modules.get(row, column)) expected.add(`${column},${row}`);
  expect(qrModulesDrawn(loaded)).toEqual(expected);
  const url = new URL(satVerificationUrl(document, profile));
  expect(url.origin).toBe('https://verificacfdi.facturaelectronica.sat.gob.mx');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    id: document.uuid,
    re: 'CSS160330CP7',
    rr: profile.receiverRfc,
    tt: moneyText(document.total).replace(/\.?0+$/, ''),
    fe: expect.stringMatching(/^[A-Za-z0-9+/=]{8}$/),
  });
});

/** The modules the page's last content stream (the QR's) fills after its change of coordinates, as `column,row`. */
function qrModulesDrawn(pdf: PDFDocument): Set<string> {
  const contents = pdf.getPage(0).node.Contents();
  const last =
    contents instanceof PDFArray ? pdf.context.lookup(contents.get(contents.size() - 1)) : contents;
  if (!(last instanceof PDFRawStream)) return new Set();
  const operators = Buffer.from(decodePDFRawStream(last).decode()).toString('latin1').split('\n');
  const qr = operators.slice(operators.findIndex((operator) => operator.endsWith(' cm')) + 1);
  const drawn = new Set<string>();
  for (const operator of qr.slice(0, qr.indexOf('f'))) {
    const [column, row, width] = operator.split(' ').map(Number) as [number, number, number];
    for (let offset = 0; offset < width; offset += 1) drawn.add(`${column + offset},${row}`);
  }
  return drawn;
}

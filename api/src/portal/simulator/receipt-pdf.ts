import { deflateSync } from 'node:zlib';
import { PDFContentStream, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { formatCfeDate } from '../../cfdi/dates';
import { moneyText } from '../../cfdi/money';
import { referenceLine, satVerificationUrl } from './cfdi-writer';
import type { ServiceProfile, WorldReceipt } from './world';

/**
 * The printed receipt ("aviso-recibo") laid out like CFE's: the green band with CFE's name, the
 * holder and address, the service number, tariff, period, due date and the total to pay in large
 * type, the consumption history as bars, the amounts, and the CFDI's stamp data with a QR of SAT's
 * verification expression. Drawn with pdf-lib in Helvetica (WinAnsi: Spanish accents print).
 */

const GREEN = rgb(0, 0.45, 0.31);
const DARK = rgb(0.13, 0.13, 0.13);
const MUTED = rgb(0.4, 0.4, 0.4);
const LIGHT = rgb(0.92, 0.95, 0.93);
const WHITE = rgb(1, 1, 1);

const pesos = (centavos: number, decimals = true) => {
  const [whole = '0', cents = '00'] = moneyText(Math.abs(centavos)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${centavos < 0 ? '-' : ''}$${grouped}${decimals ? `.${cents}` : ''}`;
};

type Fonts = { regular: PDFFont; bold: PDFFont };

function write(page: PDFPage, text: string, x: number, y: number, size: number, font: PDFFont, color = DARK) {
  page.drawText(text, { x, y, size, font, color });
}

function writeRight(
  page: PDFPage,
  text: string,
  right: number,
  y: number,
  size: number,
  font: PDFFont,
  color = DARK,
) {
  write(page, text, right - font.widthOfTextAtSize(text, size), y, size, font, color);
}

/** A label over its value, as CFE prints its boxes. */
function field(page: PDFPage, fonts: Fonts, label: string, value: string, x: number, y: number, size = 10) {
  write(page, label, x, y, 7, fonts.regular, MUTED);
  write(page, value, x, y - size - 3, size, fonts.bold);
}

/**
 * The QR as PDF operators: one rectangle per run of dark modules in a row, filled at once. Written
 * as text, not as pdf-lib operators: each of its ~2,000 numbers became a pdf-lib object formatted
 * one by one, most of the cost of a receipt (decision 009).
 */
function qrOperators(text: string, x: number, y: number, size: number): string {
  // A fixed mask: every mask scans; choosing the best one costs more than drawing the rest of the page.
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M', maskPattern: 2 });
  const cell = size / (modules.size + 8);
  const runs: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      let end = column;
      while (end + 1 < modules.size && modules.get(row, end + 1)) end += 1;
      runs.push(`${column} ${row} ${end - column + 1} 1 re`);
      column = end;
    }
  }
  // Runs in module units, rows downwards from the quiet zone's top left corner.
  const origin = `${cell.toFixed(4)} 0 0 ${(-cell).toFixed(4)} ${(x + 4 * cell).toFixed(3)} ${(y + size - 4 * cell).toFixed(3)} cm`;
  return [
    'q',
    '1 1 1 rg',
    `${x} ${y} ${size} ${size} re f`,
    '0.13 0.13 0.13 rg',
    origin,
    ...runs,
    'f',
    'Q',
    '',
  ].join('\n');
}

/**
 * `contents` as a stream deflated by Node's zlib: pdf-lib deflates its content streams with pako,
 * in JavaScript, at several times the cost. The same bytes give the same file.
 */
const deflatedStream = (pdf: PDFDocument, contents: string | Uint8Array) =>
  pdf.context.stream(deflateSync(contents), { Filter: 'FlateDecode' });

/** pdf-lib's content streams, deflated as `deflatedStream` does. */
function compressContents(pdf: PDFDocument) {
  for (const [ref, object] of pdf.context.enumerateIndirectObjects()) {
    if (object instanceof PDFContentStream)
      pdf.context.assign(ref, deflatedStream(pdf, object.getUnencodedContents()));
  }
}

function drawHistory(
  page: PDFPage,
  fonts: Fonts,
  receipt: WorldReceipt,
  x: number,
  y: number,
  width: number,
  height: number,
) {
  const history = [...receipt.history].reverse();
  const max = Math.max(1, ...history.map((past) => past.kwh));
  const band = width / Math.max(history.length, 1);
  write(page, 'HISTORIAL DE CONSUMO (kWh)', x, y + height + 10, 8, fonts.bold, GREEN);
  history.forEach((past, index) => {
    const barHeight = (past.kwh / max) * (height - 14);
    const left = x + index * band + band * 0.15;
    page.drawRectangle({
      x: left,
      y: y + 12,
      width: band * 0.7,
      height: barHeight,
      color: index === history.length - 1 ? GREEN : rgb(0.6, 0.75, 0.68),
    });
    write(page, formatCfeDate(`${past.month}-01`).slice(3, 6), left, y + 2, 6, fonts.regular, MUTED);
  });
}

/** The receipt's PDF. Its dates are the CFDI's, so the same receipt gives the same file. */
export async function receiptPdf(receipt: WorldReceipt, profile: ServiceProfile): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const issued = new Date(`${receipt.issuedAt}Z`);
  pdf.setTitle(`Recibo CFE ${receipt.serviceNumber} ${receipt.series}-${receipt.folio}`);
  pdf.setAuthor('CFE Suministrador de Servicios Básicos');
  pdf.setProducer('Simulador del portal de CFE (Luz)');
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);
  const page = pdf.addPage([612, 792]);
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const { regular, bold } = fonts;

  // Header band.
  page.drawRectangle({ x: 0, y: 732, width: 612, height: 60, color: GREEN });
  write(page, 'CFE', 36, 752, 28, bold, WHITE);
  write(page, 'Suministrador de Servicios Básicos', 100, 766, 12, bold, WHITE);
  write(page, 'Aviso-recibo de energía eléctrica', 100, 750, 10, regular, WHITE);
  writeRight(page, `${receipt.series}-${receipt.folio}`, 576, 758, 10, bold, WHITE);

  // Holder and address.
  write(page, profile.holderName, 36, 706, 12, bold);
  write(page, profile.street, 36, 690, 9, regular);
  write(page, `${profile.city}, ${profile.state}  C.P. ${profile.postalCode}`, 36, 678, 9, regular);

  // Total to pay box.
  page.drawRectangle({
    x: 380,
    y: 640,
    width: 196,
    height: 76,
    color: LIGHT,
    borderColor: GREEN,
    borderWidth: 1,
  });
  write(page, 'TOTAL A PAGAR', 392, 700, 9, bold, GREEN);
  write(page, pesos(receipt.totalToPay * 100, false), 392, 668, 26, bold);
  write(page, `LÍMITE DE PAGO: ${formatCfeDate(receipt.dueDate)}`, 392, 650, 9, bold);

  // Service data.
  field(page, fonts, 'NO. DE SERVICIO', receipt.serviceNumber, 36, 640, 12);
  field(page, fonts, 'TARIFA', receipt.tariff, 170, 640);
  field(page, fonts, 'RMU / USO', profile.monthly ? 'COMERCIAL' : 'DOMÉSTICO', 250, 640);
  field(
    page,
    fonts,
    'PERIODO FACTURADO',
    `${formatCfeDate(receipt.initialDate)} - ${formatCfeDate(receipt.finalDate)}`,
    36,
    606,
  );
  field(page, fonts, 'DÍAS', String(receipt.days), 200, 606);
  field(page, fonts, 'CORTE A PARTIR DE', formatCfeDate(receipt.cutoffDate), 250, 606);

  // Consumption.
  page.drawLine({ start: { x: 36, y: 576 }, end: { x: 576, y: 576 }, color: GREEN, thickness: 1 });
  write(page, 'CONSUMO', 36, 560, 9, bold, GREEN);
  field(page, fonts, 'ENERGÍA (kWh)', receipt.kwh.toLocaleString('en-US'), 36, 544);
  if (receipt.kwhBase !== null && receipt.kwhIntermediate !== null && receipt.kwhPeak !== null) {
    field(page, fonts, 'BASE', receipt.kwhBase.toLocaleString('en-US'), 130, 544);
    field(page, fonts, 'INTERMEDIA', receipt.kwhIntermediate.toLocaleString('en-US'), 200, 544);
    field(page, fonts, 'PUNTA', receipt.kwhPeak.toLocaleString('en-US'), 280, 544);
  }
  if (receipt.demandKw !== null) field(page, fonts, 'DEMANDA (kW)', String(receipt.demandKw), 130, 510);
  if (receipt.powerFactor !== null)
    field(page, fonts, 'FACTOR DE POTENCIA (%)', receipt.powerFactor, 220, 510);
  drawHistory(page, fonts, receipt, 360, 470, 216, 80);

  // Amounts.
  page.drawLine({ start: { x: 36, y: 452 }, end: { x: 576, y: 452 }, color: GREEN, thickness: 1 });
  write(page, 'DESGLOSE DEL IMPORTE A PAGAR', 36, 436, 9, bold, GREEN);
  const lines: [string, number][] = [
    ['Energía', receipt.energy],
    ['Derecho de alumbrado público (DAP)', receipt.lightingDuty],
    ['Subtotal', receipt.subtotal],
    [`IVA ${receipt.vatRate} %`, receipt.vat],
    ['Facturación del periodo', receipt.total],
    ...(receipt.previousDebt > 0 ? [['Adeudo anterior', receipt.previousDebt] as [string, number]] : []),
    ...(receipt.rounding !== 0 ? [['Ajuste por redondeo', receipt.rounding] as [string, number]] : []),
    ['Total', receipt.totalToPay * 100],
  ];
  lines.forEach(([label, amount], index) => {
    const y = 418 - index * 16;
    const last = index === lines.length - 1;
    write(page, label, 36, y, 10, last ? bold : regular);
    writeRight(page, pesos(amount), 330, y, 10, last ? bold : regular);
  });

  // Stamp data and QR.
  page.drawLine({ start: { x: 36, y: 250 }, end: { x: 576, y: 250 }, color: GREEN, thickness: 1 });
  write(page, 'Este documento es una representación impresa de un CFDI.', 180, 230, 8, bold);
  const stamp: [string, string][] = [
    ['Folio fiscal (UUID)', receipt.uuid],
    ['Serie y folio', `${receipt.series}-${receipt.folio}`],
    ['RFC del emisor', 'CSS160330CP7'],
    ['RFC del receptor', profile.receiverRfc],
    ['Fecha de emisión', receipt.issuedAt.replace('T', ' ')],
    ['Método de pago', 'PPD Pago en parcialidades o diferido'],
  ];
  stamp.forEach(([label, value], index) => {
    write(page, label, 180, 212 - index * 14, 7, regular, MUTED);
    write(page, value, 280, 212 - index * 14, 8, regular);
  });
  write(page, 'LÍNEA DE REFERENCIA', 180, 112, 7, regular, MUTED);
  write(page, referenceLine(receipt), 280, 112, 10, bold);
  write(page, 'Paga en CFEmático, tiendas de conveniencia, bancos o en cfe.mx', 36, 80, 8, regular, MUTED);

  compressContents(pdf);
  const qr = qrOperators(satVerificationUrl(receipt, profile), 36, 110, 130);
  page.node.addContentStream(pdf.context.register(deflatedStream(pdf, qr)));
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

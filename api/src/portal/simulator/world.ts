import { LRUCache } from 'lru-cache';
import { randomFrom, seedOf, uuidFrom } from './random';

/**
 * The simulated CFE: every 12-digit service number exists, with its holder, tariff and a history
 * of documents as CFE issues them (REAL-CFE.md §1 and §3): receipts that follow meter readings,
 * re-issued receipts, complementary invoices and payment CFDIs. Pure and deterministic (the same
 * service and day give the same documents), and independent of any server, so that the JSON
 * simulator and the replica of CFE's pages serve the same world. Money is integer centavos.
 */

/** Business tariffs are billed monthly; residential ones every two months (ARCHITECTURE §1). */
export const monthlyTariffs = ['PDBT', 'GDMTO', 'GDMTH'] as const;
export const bimonthlyTariffs = ['1', '1A', '1B', '1C', '1D', '1E', '1F', 'DAC'] as const;

export const CFE_RFC = 'CSS160330CP7';
export const CFE_NAME = 'CFE SUMINISTRADOR DE SERVICIOS BASICOS';

export type ServiceProfile = {
  serviceNumber: string;
  /** As CFE has it (the receipt's NOMBRE): what linking a service asks for. */
  holderName: string;
  receiverRfc: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  /** One line: street, city, state, postal code. */
  address: string;
  tariff: string;
  monthly: boolean;
  /** Northern border region: VAT at 8 % instead of 16 %. */
  border: boolean;
  /** Day of the month the meter is read (the period's end moves a day or two around it). */
  readingDay: number;
  /** Series of the receipts (two letters, by CFE division) and of the payment documents. */
  receiptSeries: string;
  paymentSeries: string;
  /** Receipts the public consultation service has no data for: linking needs the last payment. */
  consultationMissing: boolean;
  /** The portal refuses to link these whatever the total. */
  unlinkable: boolean;
};

/** How a document's addenda text reaches the customer (REAL-CFE.md §3 "Encoding"). */
export type Mojibake = 'none' | 'latin1' | 'double';

type DocumentBase = {
  serviceNumber: string;
  series: string;
  /** 12 digits. */
  folio: string;
  uuid: string;
  /** yyyy-MM the portal's grid lists it under. */
  month: string;
  /** yyyy-MM-ddTHH:mm:ss. */
  issuedAt: string;
};

export type WorldReceipt = DocumentBase & {
  type: 'receipt';
  /** The receipt a re-issue replaces (same month, lower folio); null for an original. */
  replaces: string | null;
  tariff: string;
  initialDate: string;
  finalDate: string;
  dueDate: string;
  cutoffDate: string;
  days: number;
  kwh: number;
  /** Hourly tariffs (GDMTH) only. */
  kwhBase: number | null;
  kwhIntermediate: number | null;
  kwhPeak: number | null;
  demandKw: number | null;
  /** Per cent with two decimals, as text ("93.45"); null for homes. */
  powerFactor: string | null;
  energy: number;
  lightingDuty: number;
  subtotal: number;
  vatRate: 16 | 8;
  vat: number;
  /** Fiscal total (CFDI `Total`). */
  total: number;
  previousDebt: number;
  rounding: number;
  /** CFE's whole-peso total to pay (`IMPTOTAL`), in pesos. */
  totalToPay: number;
  /** The receipt's own consumption history, newest first (this period included). */
  history: { month: string; kwh: number }[];
  mojibake: Mojibake;
};

export type WorldComplementary = DocumentBase & {
  type: 'complementary';
  /** The receipt it complements. */
  relatedUuid: string;
  description: string;
  subtotal: number;
  vatRate: 16 | 8;
  vat: number;
  total: number;
};

export type WorldPaidDocument = {
  uuid: string;
  series: string;
  folio: string;
  balanceBefore: number;
  paid: number;
  balanceAfter: number;
  installment: number;
  vatRate: 16 | 8;
};

export type WorldPayment = DocumentBase & {
  type: 'payment';
  /** yyyy-MM-ddTHH:mm:ss. */
  paidAt: string;
  /** SAT's c_FormaPago code. */
  form: string;
  amount: number;
  /** NumOperacion; null when the channel gives none (cash). */
  reference: string | null;
  documents: WorldPaidDocument[];
};

export type WorldDocument = WorldReceipt | WorldComplementary | WorldPayment;
export type WorldDocumentType = WorldDocument['type'];

const holders = [
  'ACEROS DEL NORTE SA DE CV',
  'COMERCIALIZADORA DEL BAJÍO SA DE CV',
  'PANIFICADORA LA ESPIGA SA DE CV',
  'HOTELES DEL PACÍFICO SA DE CV',
  'FARMACIAS SAN RAFAEL SA DE CV',
  'TALLERES GONZÁLEZ HERMANOS',
  'MARÍA FERNANDA LÓPEZ RUIZ',
  'JOSÉ LUIS HERNÁNDEZ PEÑA',
  'ALIMENTOS Y FRANQ D CHIAPAS',
];
const streets = [
  'AV REFORMA',
  'CALZ INDEPENDENCIA',
  'BLVD ADOLFO LÓPEZ MATEOS',
  'AV JUÁREZ',
  'CALLE HIDALGO',
  'PROL MORELOS',
];
/** City, state, postal code, and whether it lies in the northern border region (8 % VAT). */
const places: [string, string, string, boolean][] = [
  ['MONTERREY', 'NUEVO LEÓN', '64000', false],
  ['GUADALAJARA', 'JALISCO', '44100', false],
  ['LEÓN', 'GUANAJUATO', '37000', false],
  ['PUEBLA', 'PUEBLA', '72000', false],
  ['MÉRIDA', 'YUCATÁN', '97000', false],
  ['QUERÉTARO', 'QUERÉTARO', '76000', false],
  ['TIJUANA', 'BAJA CALIFORNIA', '22000', true],
  ['CIUDAD JUÁREZ', 'CHIHUAHUA', '32000', true],
  ['MEXICALI', 'BAJA CALIFORNIA', '21100', true],
];
const receiptSeriesNames = ['KC', 'BH', 'DA', 'DB', 'DF', 'DJ', 'DK', 'DN', 'DP', 'DU'];
/** c_FormaPago codes and how often customers pay through each: transfer, cash (CFEmático, stores), cards, cheque. */
const paymentForms: [string, number][] = [
  ['03', 0.4],
  ['01', 0.25],
  ['28', 0.15],
  ['04', 0.12],
  ['02', 0.08],
];

export const isServiceNumber = (value: string) => /^\d{12}$/.test(value);

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Every 12-digit service number exists in the simulated world, derived from the number itself. */
export function serviceProfile(serviceNumber: string): ServiceProfile {
  const random = randomFrom(seedOf(`service:${serviceNumber}`));
  const business = random.next() < 0.7;
  const holderName = random.pick(holders);
  const street = `${random.pick(streets)} ${random.int(1, 4999)}`;
  const [city, state, postalCode, border] = random.pick(places);
  const tariff = business ? random.pick(monthlyTariffs) : random.pick(bimonthlyTariffs);
  const initials = holderName
    .normalize('NFD')
    .replace(/[^A-Z]/g, '')
    .slice(0, 3)
    .padEnd(3, 'X');
  // Homoclave: two letters and a check digit (SAT's t_RFC ends in a digit or "A").
  const rfcLetters = `${random.pick([...letters])}${random.pick([...letters])}${random.int(0, 9)}`;
  return {
    serviceNumber,
    holderName,
    // Companies have 12-character RFCs (3 letters), people 13 (4 letters).
    receiverRfc: holderName.includes('SA DE CV')
      ? `${initials}${String(random.int(10, 99))}0101${rfcLetters}`
      : `${initials}X${String(random.int(60, 99))}0101${rfcLetters}`,
    street,
    city,
    state,
    postalCode,
    address: `${street}, ${city}, ${state}, C.P. ${postalCode}`,
    tariff,
    monthly: business,
    border,
    readingDay: random.int(3, 28),
    receiptSeries: random.pick(receiptSeriesNames),
    paymentSeries: random.pick(['K9', 'KX']),
    consultationMissing: serviceNumber.endsWith('7'),
    unlinkable: serviceNumber.startsWith('99'),
  };
}

// ---------------------------------------------------------------------------------------------
// Calendar helpers (UTC dates as yyyy-MM-dd)

const iso = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);
const monthOf = (date: Date) => date.toISOString().slice(0, 7);
const daysBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / 86_400_000);
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
const timeOf = (random: ReturnType<typeof randomFrom>) =>
  `T${String(random.int(7, 20)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}`;

/** The first month the simulated CFE billed anyone: every history runs from here, so it never shifts. */
const EPOCH_YEAR = 2021;

/** 12 digits, growing with time within a series. */
const folioOf = (serviceNumber: string, monthIndex: number, offset: number) =>
  String(
    10_000_000_000 + monthIndex * 100_000_000 + (seedOf(`folio:${serviceNumber}`) % 40_000_000) * 2 + offset,
  ).padStart(12, '0');

const vatOf = (base: number, rate: 16 | 8) => Math.round((base * rate) / 100);

/** Centavos of a money amount that has a whole-peso part and a random cent part. */
const centavos = (random: ReturnType<typeof randomFrom>, min: number, max: number) =>
  random.int(min * 100, max * 100);

type Chain = { documents: WorldDocument[]; receipts: WorldReceipt[] };

const CACHE_SIZE = 2_000;
const cache = new LRUCache<string, Chain>({ max: CACHE_SIZE });

/**
 * Every document of a service up to `today`, oldest first: for each meter reading a receipt
 * (sometimes re-issued with a higher folio, sometimes followed by a complementary invoice), and
 * a payment CFDI for each payment. Unpaid cents become the next receipt's earlier debt
 * (`ADEANT`); CFE charges whole pesos and settles the cents it rounded on the next receipt.
 */
function chainOf(profile: ServiceProfile, today: Date): Chain {
  const key = `${profile.serviceNumber}|${iso(today)}`;
  const cached = cache.get(key);
  if (cached) return cached;

  const documents: WorldDocument[] = [];
  const receipts: WorldReceipt[] = [];
  const step = profile.monthly ? 1 : 2;
  const parity = seedOf(`parity:${profile.serviceNumber}`) % 2;
  const vatRate: 16 | 8 = profile.border ? 8 : 16;
  const todayIso = iso(today);
  let previousReading = new Date(Date.UTC(EPOCH_YEAR - 1, 11, profile.readingDay));
  let roundingCarry = 0;
  /** Receipts not fully paid yet: what is still owed on each. */
  let open: { receipt: WorldReceipt; balance: number; installments: number }[] = [];
  const history: { month: string; kwh: number }[] = [];

  for (let monthIndex = 0; ; monthIndex += 1) {
    const year = EPOCH_YEAR + Math.floor(monthIndex / 12);
    const month = monthIndex % 12;
    if ((monthIndex + parity) % step !== 0) continue;
    const random = randomFrom(seedOf(`receipt:${profile.serviceNumber}:${year}-${month}`));
    const day = Math.min(lastDayOf(year, month), Math.max(1, profile.readingDay + random.int(-2, 2)));
    const reading = new Date(Date.UTC(year, month, day));
    const issued = addDays(reading, random.int(1, 3));
    if (iso(issued) > todayIso) break;

    const due = addDays(issued, random.int(12, 18));
    const kwh = profile.monthly
      ? profile.tariff === 'PDBT'
        ? random.int(800, 4_000)
        : profile.tariff === 'GDMTO'
          ? random.int(5_000, 40_000)
          : random.int(20_000, 120_000)
      : random.int(180, 1_400);
    const hourly = profile.tariff === 'GDMTH';
    const kwhBase = hourly ? Math.round(kwh * random.between(0.22, 0.3)) : null;
    const kwhPeak = hourly ? Math.round(kwh * random.between(0.1, 0.18)) : null;
    // Price in ten-thousandths of a peso per kWh.
    const price = profile.monthly ? random.int(21_000, 34_000) : random.int(9_000, 31_000);
    const energy = Math.round((kwh * price) / 100);
    const lightingDuty = Math.round((energy * random.int(400, 800)) / 10_000);
    const vat = vatOf(energy, vatRate);
    const subtotal = energy + lightingDuty;
    const total = subtotal + vat;
    const previousDebt = open.reduce((sum, item) => sum + item.balance, 0);
    const exact = total + previousDebt - roundingCarry;
    const totalToPay = Math.max(0, Math.round(exact / 100));
    const rounding = totalToPay * 100 - (total + previousDebt);
    roundingCarry = totalToPay * 100 - exact;
    history.unshift({ month: monthOf(reading), kwh });

    const series = profile.receiptSeries;
    const folio = folioOf(profile.serviceNumber, monthIndex, 0);
    const base = {
      type: 'receipt' as const,
      serviceNumber: profile.serviceNumber,
      series,
      month: monthOf(issued),
      tariff: profile.tariff,
      initialDate: iso(previousReading),
      finalDate: iso(reading),
      dueDate: iso(due),
      cutoffDate: iso(addDays(due, random.int(1, 3))),
      days: daysBetween(previousReading, reading),
      kwh,
      kwhBase,
      kwhIntermediate: hourly && kwhBase !== null && kwhPeak !== null ? kwh - kwhBase - kwhPeak : null,
      kwhPeak,
      demandKw: profile.monthly ? Math.round(kwh / random.int(250, 450)) : null,
      powerFactor: profile.monthly ? (random.int(8_600, 9_990) / 100).toFixed(2) : null,
      energy,
      lightingDuty,
      subtotal,
      vatRate,
      vat,
      total,
      previousDebt,
      rounding,
      totalToPay,
      history: history.slice(0, 12),
      mojibake: (random.next() < 0.15 ? random.pick(['latin1', 'double'] as const) : 'none') as Mojibake,
    };
    let receipt: WorldReceipt = {
      ...base,
      folio,
      uuid: uuidFrom(`cfdi:${profile.serviceNumber}:${series}:${folio}`),
      issuedAt: `${iso(issued)}${timeOf(random)}`,
      replaces: null,
    };
    documents.push(receipt);
    // Now and then CFE re-issues a month's receipt (a substitution, with a higher folio).
    if (random.next() < 0.06) {
      const reissuedFolio = folioOf(profile.serviceNumber, monthIndex, 1);
      const reissue: WorldReceipt = {
        ...base,
        folio: reissuedFolio,
        uuid: uuidFrom(`cfdi:${profile.serviceNumber}:${series}:${reissuedFolio}`),
        issuedAt: `${iso(issued)}${timeOf(random)}`,
        replaces: receipt.uuid,
      };
      if (reissue.issuedAt < receipt.issuedAt) reissue.issuedAt = receipt.issuedAt;
      documents.push(reissue);
      receipt = reissue;
    }
    receipts.push(receipt);
    open.push({ receipt, balance: total, installments: 0 });

    // Now and then a complementary invoice of the period (XML only).
    if (random.next() < 0.08) {
      const complementarySubtotal = centavos(random, 40, 1_500);
      const complementaryVat = vatOf(complementarySubtotal, vatRate);
      const complementaryFolio = folioOf(profile.serviceNumber, monthIndex, 5);
      const complementaryIssued = addDays(issued, random.int(2, 9));
      if (iso(complementaryIssued) <= todayIso)
        documents.push({
          type: 'complementary',
          serviceNumber: profile.serviceNumber,
          series,
          folio: complementaryFolio,
          uuid: uuidFrom(`cfdi:${profile.serviceNumber}:${series}:${complementaryFolio}`),
          month: monthOf(issued),
          issuedAt: `${iso(complementaryIssued)}${timeOf(random)}`,
          relatedUuid: receipt.uuid,
          description: 'Ajuste de facturación del periodo',
          subtotal: complementarySubtotal,
          vatRate,
          vat: complementaryVat,
          total: complementarySubtotal + complementaryVat,
        });
    }

    // The payment: most pay the total to pay a few days before the due date; some pay part.
    const paid = addDays(due, -random.int(1, 12));
    const paidOn = new Date(Math.max(paid.getTime(), addDays(issued, 1).getTime()));
    const paymentIssued = addDays(paidOn, random.int(0, 2));
    if (iso(paymentIssued) <= todayIso && totalToPay > 0) {
      const partial = random.next() < 0.1;
      const amount = partial ? Math.round(totalToPay * random.between(0.4, 0.9)) * 100 : totalToPay * 100;
      let remaining = amount;
      const paidDocuments: WorldPaidDocument[] = [];
      for (const item of open) {
        if (remaining <= 0) break;
        const applied = Math.min(item.balance, remaining);
        item.installments += 1;
        paidDocuments.push({
          uuid: item.receipt.uuid,
          series: item.receipt.series,
          folio: item.receipt.folio,
          balanceBefore: item.balance,
          paid: applied,
          balanceAfter: item.balance - applied,
          installment: item.installments,
          vatRate: item.receipt.vatRate,
        });
        item.balance -= applied;
        remaining -= applied;
      }
      // A payment of the whole total to pay settles everything: the cents it left are settled
      // through the next receipt's rounding, not as debt. A partial payment leaves debt.
      open = partial ? open.filter((item) => item.balance > 0) : [];
      const [form] = pickWeighted(random, paymentForms);
      const paymentFolio = folioOf(`${profile.serviceNumber}:pago`, monthIndex, 0);
      documents.push({
        type: 'payment',
        serviceNumber: profile.serviceNumber,
        series: profile.paymentSeries,
        folio: paymentFolio,
        uuid: uuidFrom(`pago:${profile.serviceNumber}:${paymentFolio}`),
        month: monthOf(paymentIssued),
        issuedAt: `${iso(paymentIssued)}${timeOf(random)}`,
        paidAt: `${iso(paidOn)}${timeOf(random)}`,
        form,
        amount,
        reference: form === '01' ? null : `${random.int(100000, 999999)}${random.int(1000, 9999)}`,
        documents: paidDocuments,
      });
    }
    previousReading = reading;
  }

  const chain = { documents, receipts };
  cache.set(key, chain);
  return chain;
}

function pickWeighted<T extends [string, number]>(
  random: ReturnType<typeof randomFrom>,
  items: readonly T[],
): T {
  let left = random.next();
  for (const item of items) {
    left -= item[1];
    if (left < 0) return item;
  }
  return items.at(-1) as T;
}

/** Months back from `today` that the portal shows; the grid of the real one shows about 30. */
const since = (today: Date, months: number) =>
  monthOf(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months + 1, 1)));

/**
 * Every document of a service whose grid month falls in the last `months` months, newest first
 * (as the portal's grid lists them): receipts (re-issues too), complementary invoices, payments.
 */
export function serviceDocuments(profile: ServiceProfile, today: Date, months = 26): WorldDocument[] {
  const from = since(today, months);
  return chainOf(profile, today)
    .documents.filter((document) => document.month >= from)
    .sort(
      (a, b) =>
        b.month.localeCompare(a.month) ||
        b.issuedAt.localeCompare(a.issuedAt) ||
        b.folio.localeCompare(a.folio),
    );
}

/** The receipts that count, one per billing month (a re-issue replaces the original), newest first. */
export function serviceReceipts(profile: ServiceProfile, today: Date, months = 26): WorldReceipt[] {
  const from = since(today, months);
  return chainOf(profile, today)
    .receipts.filter((receipt) => receipt.month >= from)
    .reverse();
}

/** The payments of a service in the last `months` months, newest first. */
export function servicePayments(profile: ServiceProfile, today: Date, months = 26): WorldPayment[] {
  return serviceDocuments(profile, today, months).filter(
    (document): document is WorldPayment => document.type === 'payment',
  );
}

/** The latest receipt (what the public consultation service shows); null before the first one. */
export function latestReceipt(profile: ServiceProfile, today: Date): WorldReceipt | null {
  return chainOf(profile, today).receipts.at(-1) ?? null;
}

/**
 * What linking a service accepts as "total a pagar": CFE's whole-peso total of the last or the
 * second-to-last receipt (REAL-CFE.md §1), not a rounding of the fiscal total.
 */
export function acceptedTotalsToPay(profile: ServiceProfile, today: Date): number[] {
  return chainOf(profile, today)
    .receipts.slice(-2)
    .map((receipt) => receipt.totalToPay);
}

/** `<series>-<folio>.xml` / `.pdf`, as CFE names its downloads. */
export const documentFileName = (document: Pick<DocumentBase, 'series' | 'folio'>, format: 'pdf' | 'xml') =>
  `${document.series}-${document.folio}.${format}`;

/** Which formats CFE offers for a document: receipts have a PDF and an XML; the others the XML only. */
export const documentFormats = (document: WorldDocument): ('pdf' | 'xml')[] =>
  document.type === 'receipt' ? ['pdf', 'xml'] : ['xml'];

/** Deterministic demo service numbers of an account, so its portal space is never empty. */
export function demoServiceNumbers(username: string, count: number): string[] {
  const random = randomFrom(seedOf(`account:${username}`));
  return Array.from({ length: count }, () => {
    let number = String(random.int(10, 98));
    while (number.length < 12) number += String(random.int(0, 9));
    return number.endsWith('7') ? `${number.slice(0, 11)}3` : number;
  });
}

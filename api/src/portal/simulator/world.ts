import { randomFrom, seedOf, uuidFrom } from './random';

/** Business tariffs are billed monthly; residential ones every two months (ARCHITECTURE §1). */
export const monthlyTariffs = ['PDBT', 'GDMTO', 'GDMTH'] as const;
export const bimonthlyTariffs = ['1', '1A', '1B', '1C', '1D', '1E', '1F', 'DAC'] as const;

export type ServiceProfile = {
  serviceNumber: string;
  holderName: string;
  address: string;
  tariff: string;
  /** Receipts the public consultation service has no data for: linking needs the last payment. */
  consultationMissing: boolean;
  /** The portal refuses to link these whatever the total. */
  unlinkable: boolean;
};

export type Receipt = {
  id: string;
  serviceNumber: string;
  tariff: string;
  initialDate: string;
  finalDate: string;
  dueDate: string;
  /** Whole pesos: CFE rounds the "total a pagar" of a receipt. */
  total: number;
  subtotal: number;
  kwh: number;
  uuid: string;
  holderName: string;
};

export type Payment = { date: string; amount: number; channel: string; reference: string };

const holders = [
  'ACEROS DEL NORTE SA DE CV',
  'COMERCIALIZADORA DEL BAJIO SA DE CV',
  'PANIFICADORA LA ESPIGA SA DE CV',
  'HOTELES DEL PACIFICO SA DE CV',
  'FARMACIAS SAN RAFAEL SA DE CV',
  'TALLERES GONZALEZ HERMANOS',
  'MARIA FERNANDA LOPEZ RUIZ',
  'JOSE LUIS HERNANDEZ PEÑA',
];
const streets = [
  'AV REFORMA',
  'CALZ INDEPENDENCIA',
  'BLVD ADOLFO LOPEZ MATEOS',
  'AV JUAREZ',
  'CALLE HIDALGO',
  'PROL MORELOS',
];
const cities = ['MONTERREY NL', 'GUADALAJARA JAL', 'LEON GTO', 'PUEBLA PUE', 'MERIDA YUC', 'QUERETARO QRO'];
const channels = [
  'Banca en línea',
  'Tienda de conveniencia',
  'CFEmático',
  'Domiciliación',
  'Ventanilla bancaria',
];

export const isServiceNumber = (value: string) => /^\d{12}$/.test(value);

/** Every 12-digit service number exists in the simulated world, derived from the number itself. */
export function serviceProfile(serviceNumber: string): ServiceProfile {
  const random = randomFrom(seedOf(`service:${serviceNumber}`));
  const business = random.next() < 0.7;
  return {
    serviceNumber,
    holderName: random.pick(holders),
    address: `${random.pick(streets)} ${random.int(1, 4999)}, ${random.pick(cities)}`,
    tariff: business ? random.pick(monthlyTariffs) : random.pick(bimonthlyTariffs),
    consultationMissing: serviceNumber.endsWith('7'),
    unlinkable: serviceNumber.startsWith('99'),
  };
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/**
 * Billing periods going back `months` months from `today`, newest first. Amounts depend on the
 * tariff: business services consume far more than homes.
 */
export function receipts(profile: ServiceProfile, today: Date, months = 26): Receipt[] {
  const monthly = (monthlyTariffs as readonly string[]).includes(profile.tariff);
  const step = monthly ? 1 : 2;
  const result: Receipt[] = [];
  // Periods close on the 1st of a month; the newest one closed before today.
  const firstOfMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  for (let back = 0; back < months; back += step) {
    const end = new Date(Date.UTC(firstOfMonth.getUTCFullYear(), firstOfMonth.getUTCMonth() - back, 1));
    const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - step, 1));
    const finalDate = iso(addDays(end, -1));
    const random = randomFrom(seedOf(`receipt:${profile.serviceNumber}:${finalDate}`));
    const kwh = monthly ? random.int(2_500, 60_000) : random.int(180, 1_400);
    const rate = monthly ? random.between(2.1, 3.4) : random.between(0.9, 3.1);
    const subtotal = Math.round(kwh * rate);
    const total = Math.round(subtotal * 1.16);
    result.push({
      id: `${profile.serviceNumber}-${finalDate.replaceAll('-', '')}`,
      serviceNumber: profile.serviceNumber,
      tariff: profile.tariff,
      initialDate: iso(start),
      finalDate,
      dueDate: iso(addDays(end, 20)),
      total,
      subtotal,
      kwh,
      uuid: uuidFrom(`cfdi:${profile.serviceNumber}:${finalDate}`),
      holderName: profile.holderName,
    });
  }
  return result;
}

/** The payment history: most receipts paid in full a few days before the due date. */
export function payments(profile: ServiceProfile, today: Date): Payment[] {
  return receipts(profile, today)
    .filter((receipt) => receipt.dueDate <= iso(today))
    .map((receipt) => {
      const random = randomFrom(seedOf(`payment:${receipt.id}`));
      const paidOn = addDays(new Date(`${receipt.dueDate}T00:00:00Z`), -random.int(1, 15));
      return {
        date: iso(paidOn),
        amount: random.next() < 0.9 ? receipt.total : Math.round(receipt.total * random.between(0.4, 0.9)),
        channel: random.pick(channels),
        reference: `${random.int(100000, 999999)}${random.int(1000, 9999)}`,
      };
    });
}

/** What the public receipt consultation service answers: the latest receipt's data. */
export function latestReceipt(profile: ServiceProfile, today: Date): Receipt {
  const [latest] = receipts(profile, today, 2);
  if (!latest) throw new Error('a service always has a latest receipt');
  return latest;
}

/** Deterministic demo service numbers of an account, so its portal space is never empty. */
export function demoServiceNumbers(username: string, count: number): string[] {
  const random = randomFrom(seedOf(`account:${username}`));
  return Array.from({ length: count }, () => {
    let number = String(random.int(10, 98));
    while (number.length < 12) number += String(random.int(0, 9));
    return number.endsWith('7') ? `${number.slice(0, 11)}3` : number;
  });
}

import { z } from 'zod';
import { zId, zIsoDate, zMoney } from './common';
import { lazySchema } from './zod-in-browser';

/**
 * One payment of a service point, from CFE's payment CFDI: the channel is SAT's payment form in
 * Spanish (`payment_form` its code), the reference the bank's operation number, and the document
 * it came from (series, folio, UUID).
 */
export const zPayment = lazySchema(() =>
  z.object({
    payment_id: zId,
    rpu_id: zId,
    paid_on: zIsoDate,
    amount: zMoney,
    channel: z.string(),
    reference: z.string(),
    payment_form: z.string().nullable(),
    cfdi_uuid: z.string().nullable(),
    cfdi_series: z.string().nullable(),
    cfdi_folio: z.string().nullable(),
    created_at: z.string(),
  }),
);
export type Payment = z.infer<typeof zPayment>;

export const MAX_PAYMENT_IDS = 10_000;

/** POST /payment-history/delete/bulk: removes payments of the caller's service points. */
export const zPaymentIds = lazySchema(() =>
  z.object({ payment_ids: z.array(zId).min(1).max(MAX_PAYMENT_IDS) }),
);
export type PaymentIds = z.infer<typeof zPaymentIds>;

/** POST /payment-history/csv: the payments of one service point, or only the selected ones. */
export const zPaymentHistoryCsvRequest = lazySchema(() =>
  z.object({
    rpu_id: zId,
    payment_ids: z.array(zId).min(1).max(MAX_PAYMENT_IDS).optional(),
  }),
);
export type PaymentHistoryCsvRequest = z.infer<typeof zPaymentHistoryCsvRequest>;

export { paymentCsvHeaders } from './text/payment-history-csv';

import type { Affected, PaymentHistoryCsvRequest, PaymentIds, Task } from '../contract';
import { call, callForFile } from './call';
import type { DownloadedFile } from './download';

/** Payment histories of service points (spec §7 "Payment history"). */
export const paymentHistoryApi = {
  async sync(rpuId: string): Promise<Task> {
    return call('syncPaymentHistory', { params: { rpu_id: rpuId } });
  },
  async remove(body: PaymentIds): Promise<Affected> {
    return call('deletePayments', { body });
  },
  async csv(body: PaymentHistoryCsvRequest): Promise<DownloadedFile> {
    return callForFile('paymentsCsv', { body });
  },
};

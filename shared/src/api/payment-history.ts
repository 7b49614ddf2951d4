import {
  type Affected,
  type Page,
  type PageQuery,
  type Payment,
  type PaymentHistoryCsvRequest,
  type PaymentIds,
  type Task,
  zAffected,
  zPage,
  zPayment,
  zTask,
} from '../contract';
import { http } from './client';
import { attachmentFileName, type DownloadedFile } from './download';

const zPaymentsPage = zPage(zPayment);

/** Payment histories of service points (spec §7 "Payment history"). */
export const paymentHistoryApi = {
  async list(rpuId: string, page: PageQuery): Promise<Page<Payment>> {
    const { data } = await http.get(`/payment-history/rpu/${rpuId}`, { params: page });
    return zPaymentsPage.parse(data);
  },
  async sync(rpuId: string): Promise<Task> {
    const { data } = await http.post(`/payment-history/rpu/${rpuId}/sync`);
    return zTask.parse(data);
  },
  async remove(body: PaymentIds): Promise<Affected> {
    const { data } = await http.post('/payment-history/delete/bulk', body);
    return zAffected.parse(data);
  },
  async csv(body: PaymentHistoryCsvRequest): Promise<DownloadedFile> {
    const response = await http.post('/payment-history/csv', body, { responseType: 'blob' });
    return {
      blob: response.data as Blob,
      fileName: attachmentFileName(response.headers['content-disposition']),
    };
  },
};

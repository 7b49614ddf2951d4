import { NotFoundScreen } from '@luz/shared';
import { Route, Routes } from 'react-router-dom';
import { PAYMENT_HISTORY_PATH, RPUS_PATH } from './first-queries';
import { PaymentHistoryPage } from './payment-history/payment-history-page';
import { RpusPage } from './rpus/rpus-page';

export function App() {
  return (
    <Routes>
      <Route path={RPUS_PATH} element={<RpusPage />} />
      <Route path={PAYMENT_HISTORY_PATH} element={<PaymentHistoryPage />} />
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>
  );
}

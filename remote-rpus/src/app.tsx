import { NotFoundScreen } from '@luz/shared';
import { Route, Routes } from 'react-router-dom';
import { PaymentHistoryPage } from './payment-history/payment-history-page';
import { RpusPage } from './rpus/rpus-page';

export function App() {
  return (
    <Routes>
      <Route path="/rpus/" element={<RpusPage />} />
      <Route path="/rpus/:rpuId/payment-history" element={<PaymentHistoryPage />} />
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>
  );
}

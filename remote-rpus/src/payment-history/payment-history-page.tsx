import { es, PageHeader } from '@luz/shared';
import { Link } from 'react-router-dom';

export function PaymentHistoryPage() {
  return (
    <PageHeader
      title={es.rpus.paymentHistory.title}
      actions={<Link to="/rpus/">{es.rpus.paymentHistory.back}</Link>}
    />
  );
}

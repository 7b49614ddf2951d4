import { es, PageHeader } from '@luz/shared';

export function PeriodsPage() {
  return <PageHeader title={es.periods.title} subtitle={es.periods.subtitle} />;
}

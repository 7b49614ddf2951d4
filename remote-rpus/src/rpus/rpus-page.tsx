import { es, PageHeader } from '@luz/shared';

export function RpusPage() {
  return <PageHeader title={es.rpus.title} subtitle={es.rpus.subtitle} />;
}

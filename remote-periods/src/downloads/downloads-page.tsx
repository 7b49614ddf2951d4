import { es, PageHeader } from '@luz/shared';

export function DownloadsPage() {
  return <PageHeader title={es.periods.downloads.title} subtitle={es.periods.downloads.subtitle} />;
}

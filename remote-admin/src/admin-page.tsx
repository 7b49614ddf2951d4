import { es, PageHeader, parseAdminSearch, Tabs, useSearchState } from '@luz/shared';
import { tabFilterReset } from './filters';
import { LogsTab } from './logs/logs-tab';
import { RpusTab } from './rpus/rpus-tab';
import { UsersTab } from './users/users-tab';

const text = es.admin;

/** /admin, superusers only (the host guards the route; the API answers 403 to anyone else). */
export function AdminPage() {
  const [search, setSearch] = useSearchState(parseAdminSearch);
  return (
    <>
      <PageHeader title={text.title} subtitle={text.subtitle} />
      <Tabs
        label={text.tabsLabel}
        value={search.tab}
        onValueChange={(tab) => setSearch({ tab, ...tabFilterReset })}
        items={[
          { value: 0, label: text.tabs.users, content: <UsersTab /> },
          { value: 1, label: text.tabs.logs, content: <LogsTab /> },
          { value: 2, label: text.tabs.rpus, content: <RpusTab /> },
        ]}
      />
    </>
  );
}

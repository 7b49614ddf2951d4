import { es, PageHeader, parseAdminSearch, Tabs, useSearchState } from '@luz/shared';
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
        onValueChange={(tab) => setSearch({ tab, page: 1, filterBy: null, search: null })}
        items={[{ value: 0, label: text.tabs.users, content: <UsersTab /> }]}
      />
    </>
  );
}

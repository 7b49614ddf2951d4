import { type AdminSearch, es, PageHeader, parseAdminSearch, Tabs, useSearchState } from '@luz/shared';
import { RpusTab } from './rpus/rpus-tab';
import { UsersTab } from './users/users-tab';

const text = es.admin;

/** A tab's filters mean nothing on another tab: changing tabs starts from a clean list. */
const tabFilterReset: Partial<AdminSearch> = {
  page: 1,
  filterBy: null,
  search: null,
  userId: null,
  taskType: null,
  containsTaskStatus: null,
  credentialId: null,
  deleted: null,
  duplicated: null,
  hasUns: null,
  rpuStatus: null,
  sendEmailNotifications: null,
  withAutofetch: null,
};

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
          { value: 2, label: text.tabs.rpus, content: <RpusTab /> },
        ]}
      />
    </>
  );
}

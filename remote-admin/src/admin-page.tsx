import { PageHeader, parseAdminSearch, useRemoteProps, useSearchState } from '@luz/shared';
import { Tabs } from '@luz/shared/tabs';
import { Navigate } from 'react-router-dom';
import { tabFilterReset } from './filters';
import { LogsTab } from './logs/logs-tab';
import { RpusTab } from './rpus/rpus-tab';
import { adminText } from './text';
import { UsersTab } from './users/users-tab';

const text = adminText;

/**
 * /admin, superusers only. The host guards the route too; this remote checks again because it may
 * be mounted by any host, and one admin call from an ordinary user would end their session (the
 * API answers 403, and any 403 logs out: spec §8).
 */
export function AdminPage() {
  const { user } = useRemoteProps();
  if (!user.is_superuser) return <Navigate to="/" replace />;
  return <AdminConsole />;
}

function AdminConsole() {
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

import { PageHeader, parseSettingsSearch, useSearchState } from '@luz/shared';
import { Tabs } from '@luz/shared/tabs';
import { ApiTokensTab } from './api-tokens/api-tokens-tab';
import { AppearanceTab } from './appearance/appearance-tab';
import { CfeTab } from './cfe/cfe-tab';
import { SecurityTab } from './security/security-tab';
import { settingsText } from './text';
import { UserInformationTab } from './user-information/user-information-tab';
import { WebhooksTab } from './webhooks/webhooks-tab';

const text = settingsText;

/** /settings with the tab in the URL (spec §2: user information=0 … webhooks=4; API tokens=5). */
export function SettingsPage() {
  const [search, setSearch] = useSearchState(parseSettingsSearch);
  return (
    <>
      <PageHeader title={text.title} subtitle={text.subtitle} />
      <Tabs
        label={text.tabsLabel}
        value={search.tab}
        onValueChange={(tab) => setSearch({ tab, page: 1 })}
        items={[
          { value: 0, label: text.tabs.userInformation, content: <UserInformationTab /> },
          { value: 1, label: text.tabs.appearance, content: <AppearanceTab /> },
          { value: 2, label: text.tabs.security, content: <SecurityTab /> },
          { value: 3, label: text.tabs.cfe, content: <CfeTab /> },
          { value: 4, label: text.tabs.webhooks, content: <WebhooksTab /> },
          { value: 5, label: text.tabs.apiTokens, content: <ApiTokensTab /> },
        ]}
      />
    </>
  );
}

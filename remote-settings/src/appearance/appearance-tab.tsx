import {
  Card,
  pageSizeOptions,
  pageSizePreference,
  SelectField,
  Stack,
  type ThemePreference,
  themePreference,
  toast,
  useThemePreference,
} from '@luz/shared';
import { useState } from 'react';
import { settingsText } from '../text';

const text = settingsText.appearance;

const themeOptions: { value: ThemePreference; label: string }[] = [
  { value: 'dark', label: text.themes.dark },
  { value: 'light', label: text.themes.light },
  { value: 'system', label: text.themes.system },
];

/** Theme (dark by default) and the default page size; both stored in this browser. */
export function AppearanceTab() {
  const { preference } = useThemePreference();
  const [pageSize, setPageSize] = useState(pageSizePreference.get());

  return (
    <Card aria-labelledby="appearance-title">
      <h2 id="appearance-title">{text.title}</h2>
      <Stack>
        <SelectField
          label={text.theme}
          value={preference}
          options={themeOptions}
          onChange={(event) => themePreference.set(event.target.value as ThemePreference)}
        />
        <SelectField
          label={text.pageSize}
          hint={text.pageSizeHint}
          value={pageSize}
          options={pageSizeOptions.map((size) => ({ value: size, label: String(size) }))}
          onChange={(event) => {
            const size = Number(event.target.value);
            pageSizePreference.set(size);
            setPageSize(size);
            toast.success(text.saved);
          }}
        />
      </Stack>
    </Card>
  );
}

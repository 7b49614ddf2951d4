import {
  type AdminFilterBy,
  type AdminSearch,
  type AdminTab,
  adminFilterByValuesFor,
  labelledOptions,
  SelectField,
  type SelectOption,
  TextField,
} from '@luz/shared';
import { useEffect, useRef, useState } from 'react';
import { adminText } from './text';

const text = adminText.filters;

/**
 * The free-text search of one tab: the "Buscar por" choices it offers (those `queryField` names,
 * in the order of the tab's options) and the query parameter the chosen one fills with the text.
 */
export function textSearchFor<F extends AdminFilterBy, Q extends string>(
  tab: AdminTab,
  queryField: Record<F, Q>,
  fallback: NoInfer<F>,
) {
  const fields: readonly AdminFilterBy[] = Object.keys(queryField) as F[];
  const isField = (value: AdminFilterBy | null): value is F => value !== null && fields.includes(value);
  const chosen = (search: Pick<AdminSearch, 'filterBy'>): F =>
    isField(search.filterBy) ? search.filterBy : fallback;
  return {
    options: labelledOptions(adminFilterByValuesFor(tab), text.by).filter((option) =>
      fields.includes(option.value),
    ),
    chosen,
    params: (search: Pick<AdminSearch, 'filterBy' | 'search'>): Partial<Record<Q, string>> =>
      search.search ? ({ [queryField[chosen(search)]]: search.search } as Partial<Record<Q, string>>) : {},
  };
}

/** What SearchFilter needs of a `textSearchFor`. */
type TextSearch = {
  options: readonly SelectOption<AdminFilterBy>[];
  chosen: (search: Pick<AdminSearch, 'filterBy'>) => AdminFilterBy;
};

/**
 * "Buscar por" and the text to look for, kept in the URL (`filterBy`, `search`); a new search
 * starts at page 1 and replaces the history entry. Typing waits a moment before it changes the
 * URL, so every keystroke is not a request.
 */
export function SearchFilter({
  textSearch,
  search: current,
  setSearch,
}: {
  textSearch: TextSearch;
  search: AdminSearch;
  setSearch: (patch: Partial<AdminSearch>, options?: { replace?: boolean }) => void;
}) {
  const filterBy = textSearch.chosen(current);
  const search = current.search;
  const onChange = (patch: Pick<AdminSearch, 'filterBy' | 'search'>) =>
    setSearch({ ...patch, page: 1 }, { replace: true });
  const [draft, setDraft] = useState(search ?? '');
  // The latest callback, without restarting the wait each time the parent renders.
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => setDraft(search ?? ''), [search]);
  useEffect(() => {
    if (draft === (search ?? '')) return;
    const timer = setTimeout(() => latest.current({ filterBy, search: draft.trim() || null }), 300);
    return () => clearTimeout(timer);
  }, [draft, search, filterBy]);

  return (
    <>
      <SelectField
        label={text.filterBy}
        value={filterBy}
        options={[...textSearch.options]}
        onChange={(event) => onChange({ filterBy: event.target.value as AdminFilterBy, search })}
      />
      <TextField
        label={text.search}
        type="search"
        placeholder={text.searchPlaceholder}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
    </>
  );
}

/** A choice among the values of an enumeration (or any), over a numeric search parameter. */
export function EnumFilter<T extends number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T | null;
  options: readonly SelectOption<T>[];
  onChange: (value: T | null) => void;
}) {
  return (
    <SelectField
      label={label}
      value={value === null ? '' : String(value)}
      options={[...options]}
      placeholder={text.any}
      onChange={(event) =>
        onChange(options.find((option) => String(option.value) === event.target.value)?.value ?? null)
      }
    />
  );
}

/** A yes / no / any filter over a boolean search parameter. */
export function FlagFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: boolean | null;
  onChange: (value: boolean | null) => void;
}) {
  return (
    <SelectField
      label={label}
      value={value === null ? '' : String(value)}
      options={[
        { value: 'true', label: text.yes },
        { value: 'false', label: text.no },
      ]}
      placeholder={text.any}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value === 'true')}
    />
  );
}

/** A tab's filters mean nothing on another tab: changing tabs starts from a clean list. */
export const tabFilterReset: Partial<AdminSearch> = {
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

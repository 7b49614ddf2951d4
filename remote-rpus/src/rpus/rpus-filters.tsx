import {
  Button,
  type Credential,
  chosenFilterBy,
  labelledOptions,
  type RpusFilterBy,
  type RpusSearch,
  rpuStatusOptions,
  rpusFilterByValues,
  SelectField,
  TextField,
} from '@luz/shared';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { rpusText } from '../text';
import { credentialLabel } from './use-rpu-mutations';

const text = rpusText.filters;
const filterByOptions = labelledOptions(rpusFilterByValues, text.by);
/** Typing waits this long before the URL (and the query) follows, so a word is one request. */
export const SEARCH_DEBOUNCE_MS = 300;

const Bar = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(170px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Hint = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.warning};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

type SetSearch = (patch: Partial<RpusSearch>, options?: { replace?: boolean }) => void;

const booleanOptions = [
  { value: 'true', label: rpusText.yes },
  { value: 'false', label: rpusText.no },
];
const booleanValue = (value: boolean | null) => (value === null ? '' : String(value));
const parseBoolean = (value: string) => (value === '' ? null : value === 'true');

/** The search box: local while typing, written to the URL once the user pauses. */
function SearchBox({
  filterBy,
  value,
  onSearch,
}: {
  filterBy: 'alias' | 'email' | 'serviceNumber';
  value: string;
  onSearch: (value: string | null) => void;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => onSearch(draft.trim() || null), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onSearch]);
  return (
    <TextField
      label={text.search}
      type="search"
      value={draft}
      placeholder={text.searchPlaceholder[filterBy]}
      inputMode={filterBy === 'serviceNumber' ? 'numeric' : undefined}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(draft.trim() || null);
      }}
    />
  );
}

/** The filters of /rpus/ (spec §2), all kept in the URL; every change goes back to page 1. */
export function RpusFilters({
  search,
  setSearch,
  credentials,
}: {
  search: RpusSearch;
  setSearch: SetSearch;
  credentials: Credential[];
}) {
  const filterBy = chosenFilterBy(search);
  const hasFilters =
    filterBy !== null ||
    search.rpuStatus !== null ||
    search.withAutofetch !== null ||
    search.sendEmailNotifications !== null;

  return (
    <section aria-label={text.label}>
      <Bar>
        <SelectField
          label={text.filterBy}
          value={filterBy ?? ''}
          options={[{ value: '', label: text.anyField }, ...filterByOptions]}
          onChange={(event) =>
            setSearch({ filterBy: (event.target.value || null) as RpusFilterBy | null, page: 1 })
          }
        />
        {filterBy === 'alias' || filterBy === 'email' || filterBy === 'serviceNumber' ? (
          <SearchBox
            key={filterBy}
            filterBy={filterBy}
            value={search.search ?? ''}
            onSearch={(value) => setSearch({ filterBy, search: value, page: 1 }, { replace: true })}
          />
        ) : null}
        {filterBy === 'credential' ? (
          <SelectField
            label={text.credential}
            value={search.credentialId ?? ''}
            placeholder={text.chooseCredential}
            options={credentials.map((credential) => ({
              value: credential.credential_id,
              label: credentialLabel(credential),
            }))}
            onChange={(event) => setSearch({ filterBy, credentialId: event.target.value || null, page: 1 })}
          />
        ) : null}
        <SelectField
          label={text.status}
          value={search.rpuStatus === null ? '' : String(search.rpuStatus)}
          options={[
            { value: '', label: text.any },
            ...rpuStatusOptions.map(({ value, label }) => ({ value: String(value), label })),
          ]}
          onChange={(event) =>
            setSearch({
              rpuStatus:
                event.target.value === '' ? null : (Number(event.target.value) as RpusSearch['rpuStatus']),
              page: 1,
            })
          }
        />
        <SelectField
          label={text.autofetch}
          value={booleanValue(search.withAutofetch)}
          options={[{ value: '', label: text.any }, ...booleanOptions]}
          onChange={(event) => setSearch({ withAutofetch: parseBoolean(event.target.value), page: 1 })}
        />
        <SelectField
          label={text.notifications}
          value={booleanValue(search.sendEmailNotifications)}
          options={[{ value: '', label: text.any }, ...booleanOptions]}
          onChange={(event) =>
            setSearch({ sendEmailNotifications: parseBoolean(event.target.value), page: 1 })
          }
        />
        {hasFilters ? (
          <div>
            <Button
              variant="ghost"
              onClick={() =>
                setSearch({
                  filterBy: null,
                  search: null,
                  credentialId: null,
                  rpuStatus: null,
                  withAutofetch: null,
                  sendEmailNotifications: null,
                  page: 1,
                })
              }
            >
              {text.clear}
            </Button>
          </div>
        ) : null}
      </Bar>
      {search.unmetRequirements.map((requirement) => (
        <Hint key={requirement.missing} role="status">
          {requirement.message}
        </Hint>
      ))}
    </section>
  );
}

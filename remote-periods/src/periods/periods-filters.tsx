import {
  Button,
  type Credential,
  chosenFilterBy,
  DateField,
  labelledOptions,
  type PeriodsFilterBy,
  type PeriodsSearch,
  periodsFilterByValues,
  type RpuSummary,
  SelectField,
} from '@luz/shared';
import styled from 'styled-components';
import { periodsText } from '../text';

const text = periodsText.filters;
const filterByOptions = labelledOptions(periodsFilterByValues, text.by);

const Bar = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  align-items: start;
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const ClearCell = styled.div`
  align-self: end;
  padding-bottom: 2px;
`;

const Hint = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.warning};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

type SetSearch = (patch: Partial<PeriodsSearch>, options?: { replace?: boolean }) => void;

export const servicePointLabel = (rpu: Pick<RpuSummary, 'service_number' | 'alias'>) =>
  rpu.alias ? `${rpu.service_number} · ${rpu.alias}` : rpu.service_number;

export const credentialLabel = (credential: Pick<Credential, 'cfe_user' | 'alias'>) =>
  credential.alias ? `${credential.alias} (${credential.cfe_user})` : credential.cfe_user;

/**
 * The filters of /periods (spec §2): by service point or by portal account with its id, and the
 * range of final dates. Everything lives in the URL; every change goes back to page 1.
 */
export function PeriodsFilters({
  search,
  setSearch,
  servicePoints,
  credentials,
  loadingOptions,
}: {
  search: PeriodsSearch;
  setSearch: SetSearch;
  servicePoints: RpuSummary[];
  credentials: Credential[];
  loadingOptions: boolean;
}) {
  const filterBy = chosenFilterBy(search);
  const anyFilter =
    filterBy !== null ||
    search.initialDate !== null ||
    search.finalDate !== null ||
    search.rpuId ||
    search.credentialId;
  return (
    <section aria-label={text.label}>
      <Bar>
        <SelectField
          label={text.filterBy}
          value={filterBy ?? ''}
          options={filterByOptions}
          placeholder={text.everything}
          onChange={(event) =>
            setSearch({ filterBy: (event.target.value || null) as PeriodsFilterBy | null, page: 1 })
          }
        />
        {filterBy === 'rpu' ? (
          <SelectField
            label={text.rpu}
            value={search.rpuId ?? ''}
            placeholder={loadingOptions ? text.loadingOptions : text.rpuPlaceholder}
            options={servicePoints.map((rpu) => ({ value: rpu.rpu_id, label: servicePointLabel(rpu) }))}
            onChange={(event) => setSearch({ filterBy: 'rpu', rpuId: event.target.value || null, page: 1 })}
          />
        ) : null}
        {filterBy === 'credential' ? (
          <SelectField
            label={text.credential}
            value={search.credentialId ?? ''}
            placeholder={loadingOptions ? text.loadingOptions : text.credentialPlaceholder}
            options={credentials.map((credential) => ({
              value: credential.credential_id,
              label: credentialLabel(credential),
            }))}
            onChange={(event) =>
              setSearch({ filterBy: 'credential', credentialId: event.target.value || null, page: 1 })
            }
          />
        ) : null}
        <DateField
          label={text.from}
          value={search.initialDate}
          onChange={(initialDate) => setSearch({ initialDate, page: 1 })}
        />
        <DateField
          label={text.until}
          value={search.finalDate}
          onChange={(finalDate) => setSearch({ finalDate, page: 1 })}
        />
        <ClearCell>
          <Button
            variant="ghost"
            disabled={!anyFilter}
            onClick={() =>
              setSearch({
                filterBy: null,
                rpuId: null,
                credentialId: null,
                initialDate: null,
                finalDate: null,
                page: 1,
              })
            }
          >
            {text.clear}
          </Button>
        </ClearCell>
      </Bar>
      {search.unmetRequirements.map((requirement) => (
        <Hint key={requirement.missing} role="status">
          {requirement.message}
        </Hint>
      ))}
      {search.initialDate || search.finalDate ? <Note>{text.datesHint}</Note> : null}
    </section>
  );
}

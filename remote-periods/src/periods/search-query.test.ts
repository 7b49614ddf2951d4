import { chosenFilterBy, parsePeriodsSearch } from '@luz/shared';
import { periodsFiltersFromSearch } from './search-query';

const RPU = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const CREDENTIAL = '9b2d1c7e-2f4a-4f0b-8a51-1d2c3b4a5e6f';
const filters = (search: string) => periodsFiltersFromSearch(parsePeriodsSearch(search));

describe('the URL of /periods to the filters of GET /periods/all', () => {
  test('no parameters: no filters', () => {
    expect(filters('')).toEqual({});
  });

  test('filterBy rpu or credential with its id (spec §2)', () => {
    expect(filters(`?filterBy=rpu&rpuId=${RPU}`)).toEqual({ rpu_id: RPU });
    expect(filters(`?filterBy=credential&credentialId=${CREDENTIAL}`)).toEqual({ credential_id: CREDENTIAL });
  });

  test('only the chosen filter’s id applies', () => {
    expect(filters(`?filterBy=rpu&rpuId=${RPU}&credentialId=${CREDENTIAL}`)).toEqual({ rpu_id: RPU });
    expect(filters(`?rpuId=${RPU}`)).toEqual({});
  });

  test('a filter without its required id is not applied, but stays chosen for the screen', () => {
    const search = parsePeriodsSearch('?filterBy=credential');
    expect(periodsFiltersFromSearch(search)).toEqual({});
    expect(chosenFilterBy(search)).toBe('credential');
    expect(search.unmetRequirements[0]?.message).toBe('Elige una cuenta de CFE para filtrar por cuenta.');
    expect(filters('?filterBy=rpu&rpuId=no-es-un-id')).toEqual({});
  });

  test('dates travel yyyy-MM-dd; invalid ones are ignored (spec §2, §5)', () => {
    expect(filters('?initialDate=2024-01-01&finalDate=2024-06-30')).toEqual({
      initial_date: '2024-01-01',
      final_date: '2024-06-30',
    });
    expect(filters('?initialDate=31/01/2024&finalDate=2024-02-30')).toEqual({});
    expect(filters('?finalDate=2024-02-29')).toEqual({ final_date: '2024-02-29' });
  });

  test('a range typed backwards is read the right way round', () => {
    expect(filters('?initialDate=2024-06-30&finalDate=2024-01-01')).toEqual({
      initial_date: '2024-01-01',
      final_date: '2024-06-30',
    });
  });
});

import { normalizeServiceNumber, type PageQuery, type RpusQuery, type RpusSearch } from '@luz/shared';

/**
 * The API query of GET /rpus/ (and of the CSV export) for the URL's state of /rpus/ (spec §2):
 * `filterBy` says what `search` or `credentialId` means; a filter whose required value is
 * missing was already set aside by the route's schema (`filterBy` null).
 */
export function rpusFiltersFromSearch(search: RpusSearch): RpusQuery {
  const query: RpusQuery = {};
  const text = search.search ?? undefined;
  switch (search.filterBy) {
    case 'alias':
      query.alias = text;
      break;
    case 'serviceNumber':
      query.service_number = text ? normalizeServiceNumber(text) : undefined;
      break;
    case 'email':
      if (text) query.cfe_user = text;
      break;
    case 'credential':
      query.credential_id = search.credentialId ?? undefined;
      break;
    case 'withCredential':
      query.with_credential = 'true';
      break;
    default:
      break;
  }
  if (search.rpuStatus !== null) query.rpu_status = search.rpuStatus;
  if (search.withAutofetch !== null) query.with_autofetch = String(search.withAutofetch) as 'true' | 'false';
  if (search.sendEmailNotifications !== null)
    query.send_email_notifications = String(search.sendEmailNotifications) as 'true' | 'false';
  return query;
}

export function rpusQueryFromSearch(search: RpusSearch): RpusQuery & PageQuery {
  return { ...rpusFiltersFromSearch(search), page: search.page, page_size: search.pageSize };
}

import { es } from '@luz/shared/text';
import { z } from 'zod';
import { rpuStatusValues, taskStatusValues, taskTypeValues } from '../contract/enums';
import type { EnumOption } from '../enums/labels';
import {
  type SearchInput,
  searchRecord,
  zBooleanParam,
  zChoiceParam,
  zIdParam,
  zIsoDateParam,
  zNumberChoiceParam,
  zPageParam,
  zPageSizeParam,
  zTabParam,
  zTextParam,
} from './params';
import { AdminTab, adminTabValues, settingsTabValues } from './tabs';

/**
 * The search parameters of every route of spec §2, as zod schemas, with the parsed (camelCase,
 * as the URL names them) values the screens use. Parsing never fails: see `params.ts`.
 */

// ---------------------------------------------------------------------------------------------
// Conditional requirements (spec §2, §5)

/** A value a `filterBy` choice needs before it can be applied. */
export type SearchRequirement = 'credentialId' | 'rpuId' | 'search';

/** A filter of the URL that was not applied because its required value is missing. */
export type UnmetRequirement = {
  /** The `filterBy` the URL asked for (the parsed `filterBy` is null). */
  filterBy: string;
  /** The parameter it needs. */
  missing: SearchRequirement;
  /** Why, in Spanish, for the screen to show. */
  message: string;
};

/** Meta keys of a parse result: they describe the parse and are never written back to the URL. */
export const searchMetaKeys = ['unmetRequirements'] as const;

type WithRequirements<T> = T & { unmetRequirements: UnmetRequirement[] };

/**
 * When the chosen filter lacks its required value, the filter is not applied: `filterBy` becomes
 * null and `unmetRequirements` says what was missing, so the screen can explain it.
 */
function applyRequirements<T extends { filterBy: string | null }>(
  values: T,
  rules: Partial<Record<NonNullable<T['filterBy']>, SearchRequirement>>,
): WithRequirements<T> {
  const { filterBy } = values;
  const missing = filterBy === null ? undefined : rules[filterBy as NonNullable<T['filterBy']>];
  const present = missing === undefined || (values as Record<string, unknown>)[missing] != null;
  if (filterBy === null || present) return { ...values, unmetRequirements: [] };
  return {
    ...values,
    filterBy: null,
    unmetRequirements: [{ filterBy, missing, message: es.search.requirements[missing] }],
  };
}

/**
 * The filter the user chose, also while its required value is still missing (the parse then set
 * `filterBy` aside): the screen keeps showing that choice and asks for the value.
 */
export function chosenFilterBy<T extends string>(search: {
  filterBy: T | null;
  unmetRequirements: readonly UnmetRequirement[];
}): T | null {
  return search.filterBy ?? (search.unmetRequirements[0]?.filterBy as T | undefined) ?? null;
}

const list = { page: zPageParam, pageSize: zPageSizeParam };

/** Choices for a select: each value with its label (the labels are the screen's, in its remote). */
export function labelledOptions<const T extends string>(
  values: readonly T[],
  labels: Readonly<Record<T, string>>,
): EnumOption<T>[] {
  return Object.freeze(
    values.map((value) => Object.freeze({ value, label: labels[value] })),
  ) as EnumOption<T>[];
}

// ---------------------------------------------------------------------------------------------
// /settings

/** `credentialId` opens that CFE account's edit on its password (the fix of a password CFE refused). */
export const zSettingsSearch = z.object({
  tab: zTabParam(settingsTabValues),
  ...list,
  credentialId: zIdParam,
});
export type SettingsSearch = z.output<typeof zSettingsSearch>;
export const parseSettingsSearch = (input: SearchInput): SettingsSearch =>
  zSettingsSearch.parse(searchRecord(input));

// ---------------------------------------------------------------------------------------------
// /attention ("Requiere atención")

export const zAttentionSearch = z.object(list);
export type AttentionSearch = z.output<typeof zAttentionSearch>;
export const parseAttentionSearch = (input: SearchInput): AttentionSearch =>
  zAttentionSearch.parse(searchRecord(input));

// ---------------------------------------------------------------------------------------------
// /periods

export const periodsFilterByValues = ['rpu', 'credential'] as const;
export type PeriodsFilterBy = (typeof periodsFilterByValues)[number];

export const zPeriodsSearch = z
  .object({
    ...list,
    filterBy: zChoiceParam(periodsFilterByValues),
    credentialId: zIdParam,
    rpuId: zIdParam,
    initialDate: zIsoDateParam,
    finalDate: zIsoDateParam,
  })
  .transform((values) => applyRequirements(values, { credential: 'credentialId', rpu: 'rpuId' }));
export type PeriodsSearch = z.output<typeof zPeriodsSearch>;
export const parsePeriodsSearch = (input: SearchInput): PeriodsSearch =>
  zPeriodsSearch.parse(searchRecord(input));

// ---------------------------------------------------------------------------------------------
// /downloads

export const zDownloadsSearch = z.object({ ...list, taskId: zIdParam });
export type DownloadsSearch = z.output<typeof zDownloadsSearch>;
export const parseDownloadsSearch = (input: SearchInput): DownloadsSearch =>
  zDownloadsSearch.parse(searchRecord(input));

// ---------------------------------------------------------------------------------------------
// /admin

/** Filter fields of the users tab (spec §3). */
export const adminUsersFilterByValues = ['company', 'email', 'username'] as const;
/** Filter fields of the logs and RPUs ("services") tabs (spec §3). */
export const adminServicesFilterByValues = [
  'alias',
  'company',
  'email',
  'service_number',
  'task_status',
  'task_type',
] as const;
export const adminFilterByValues = [
  'company',
  'email',
  'username',
  'alias',
  'service_number',
  'task_status',
  'task_type',
] as const;
export type AdminFilterBy = (typeof adminFilterByValues)[number];

/** The filter fields a tab of /admin offers. */
export function adminFilterByValuesFor(tab: AdminTab): readonly AdminFilterBy[] {
  return tab === AdminTab.users ? adminUsersFilterByValues : adminServicesFilterByValues;
}

export const zAdminSearch = z
  .object({
    tab: zTabParam(adminTabValues),
    ...list,
    filterBy: zChoiceParam(adminFilterByValues),
    search: zTextParam,
    userId: zIdParam,
    taskType: zNumberChoiceParam(taskTypeValues),
    containsTaskStatus: zNumberChoiceParam(taskStatusValues),
    credentialId: zIdParam,
    deleted: zBooleanParam,
    duplicated: zBooleanParam,
    hasUns: zBooleanParam,
    rpuStatus: zNumberChoiceParam(rpuStatusValues),
    sendEmailNotifications: zBooleanParam,
    withAutofetch: zBooleanParam,
  })
  // A field of another tab is unknown here (users cannot be filtered by service number).
  .transform((values) => ({
    ...values,
    filterBy:
      values.filterBy !== null && adminFilterByValuesFor(values.tab).includes(values.filterBy)
        ? values.filterBy
        : null,
  }));
export type AdminSearch = z.output<typeof zAdminSearch>;
export const parseAdminSearch = (input: SearchInput): AdminSearch => zAdminSearch.parse(searchRecord(input));

// ---------------------------------------------------------------------------------------------
// /rpus/

export const rpusFilterByValues = [
  'alias',
  'credential',
  'email',
  'withCredential',
  'serviceNumber',
] as const;
export type RpusFilterBy = (typeof rpusFilterByValues)[number];

export const zRpusSearch = z
  .object({
    ...list,
    filterBy: zChoiceParam(rpusFilterByValues),
    credentialId: zIdParam,
    search: zTextParam,
    rpuStatus: zNumberChoiceParam(rpuStatusValues),
    withAutofetch: zBooleanParam,
    sendEmailNotifications: zBooleanParam,
  })
  // `search` is also what the email filter looks for, but it may be empty there (spec §2 only requires it for alias and serviceNumber).
  .transform((values) =>
    applyRequirements(values, { credential: 'credentialId', alias: 'search', serviceNumber: 'search' }),
  );
export type RpusSearch = z.output<typeof zRpusSearch>;
export const parseRpusSearch = (input: SearchInput): RpusSearch => zRpusSearch.parse(searchRecord(input));

// ---------------------------------------------------------------------------------------------
// /rpus/{rpuId}/payment-history

export const zPaymentHistorySearch = z.object(list);
export type PaymentHistorySearch = z.output<typeof zPaymentHistorySearch>;
export const parsePaymentHistorySearch = (input: SearchInput): PaymentHistorySearch =>
  zPaymentHistorySearch.parse(searchRecord(input));

// ---------------------------------------------------------------------------------------------
// Public routes with parameters of their own

/** /reset-password?token=… (the link of the recovery e-mail). */
export const zResetPasswordSearch = z.object({ token: zTextParam });
export type ResetPasswordSearch = z.output<typeof zResetPasswordSearch>;
export const parseResetPasswordSearch = (input: SearchInput): ResetPasswordSearch =>
  zResetPasswordSearch.parse(searchRecord(input));

/** /subscription?id=…&state=… (the billing provider's return from checkout). */
export const zSubscriptionSearch = z.object({ id: zTextParam, state: zTextParam });
export type SubscriptionSearch = z.output<typeof zSubscriptionSearch>;
export const parseSubscriptionSearch = (input: SearchInput): SubscriptionSearch =>
  zSubscriptionSearch.parse(searchRecord(input));

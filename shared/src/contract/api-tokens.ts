import { z } from 'zod';
import { zId, zPageQuery } from './common';
import { lazySchema } from './zod-in-browser';

/**
 * API tokens: long-lived bearer tokens a user creates for their own integrations (ERP, accounting,
 * dashboards). `read` tokens may only read; `full` tokens may do what the user may, except change
 * the account, its password, its billing or its tokens. docs/api-tokens.md documents them.
 */
export const apiTokenScopes = ['read', 'full'] as const;
export const zApiTokenScope = lazySchema(() => z.enum(apiTokenScopes));
export type ApiTokenScope = z.infer<typeof zApiTokenScope>;

/** What a token starts with, so a log or a secret scanner can tell it from a session token. */
export const API_TOKEN_PREFIX = 'luz_pat_';

/** Lifetimes offered, in days; `null`: the token does not expire. */
export const apiTokenLifetimes = [30, 90, 365] as const;

export const zApiTokenCreate = lazySchema(() =>
  z.object({
    name: z.string().trim().min(1).max(100),
    scope: zApiTokenScope,
    expires_in_days: z.number().int().min(1).max(3650).nullable().default(null),
  }),
);
export type ApiTokenCreate = z.input<typeof zApiTokenCreate>;

export const zApiToken = lazySchema(() =>
  z.object({
    token_id: zId,
    name: z.string(),
    scope: zApiTokenScope,
    /** The first characters of the token, to recognise it in a list (the rest is never shown again). */
    hint: z.string(),
    created_at: z.string(),
    expires_at: z.string().nullable(),
    last_used_at: z.string().nullable(),
  }),
);
export type ApiToken = z.infer<typeof zApiToken>;

/** The answer to a creation: the only time the token itself is shown. */
export const zApiTokenWithSecret = lazySchema(() => zApiToken.extend({ token: z.string() }));
export type ApiTokenWithSecret = z.infer<typeof zApiTokenWithSecret>;

/** A token as a superuser sees it: whose it is. */
export const zAdminApiToken = lazySchema(() => zApiToken.extend({ user_id: zId, email: z.string() }));
export type AdminApiToken = z.infer<typeof zAdminApiToken>;

export const zAdminApiTokenQuery = lazySchema(() =>
  zPageQuery.extend({ email: z.string().trim().max(254).optional() }),
);
export type AdminApiTokenQuery = z.input<typeof zAdminApiTokenQuery>;

export const zApiTokenParams = lazySchema(() => z.object({ token_id: zId }));

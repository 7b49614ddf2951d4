import { z } from 'zod';
import { zId } from './common';

/** Status of a portal credential, as the last sync found it. */
export const CredentialStatus = { unverified: 0, valid: 1, invalidPassword: 4 } as const;

/** A CFE portal account of the user. The password is write-only: it is never returned. */
export const zCredential = z.object({
  credential_id: zId,
  alias: z.string(),
  cfe_user: z.string(),
  status: z.number().int(),
  status_message: z.string().nullable(),
  last_synced_at: z.string().nullable(),
  rpus_count: z.number().int(),
  created_at: z.string(),
});
export type Credential = z.infer<typeof zCredential>;

export const zCredentialCreate = z.object({
  alias: z.string().trim().max(100).default(''),
  cfe_user: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(128),
});
export type CredentialCreate = z.input<typeof zCredentialCreate>;

export const zCredentialUpdate = z
  .object({
    alias: z.string().trim().max(100),
    cfe_user: z.string().trim().min(1).max(100),
    password: z.string().min(1).max(128),
  })
  .partial();
export type CredentialUpdate = z.infer<typeof zCredentialUpdate>;

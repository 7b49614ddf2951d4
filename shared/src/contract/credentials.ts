import { z } from 'zod';
import { zId } from './common';
import { lazySchema } from './zod-in-browser';

/** Status of a portal credential, as the last sync found it. */
export const CredentialStatus = { unverified: 0, valid: 1, invalidPassword: 4 } as const;

/** A CFE portal account of the user. The password is write-only: it is never returned. */
export const zCredential = lazySchema(() =>
  z.object({
    credential_id: zId,
    alias: z.string(),
    cfe_user: z.string(),
    status: z.number().int(),
    status_message: z.string().nullable(),
    last_synced_at: z.string().nullable(),
    rpus_count: z.number().int(),
    /** CFE's CAPTCHA waits for the owner's answer (GET /credentials/{id}/captcha). */
    captcha_pending: z.boolean(),
    created_at: z.string(),
  }),
);
export type Credential = z.infer<typeof zCredential>;

export const zCredentialCreate = lazySchema(() =>
  z.object({
    alias: z.string().trim().max(100).default(''),
    cfe_user: z.string().trim().min(1).max(100),
    password: z.string().min(1).max(128),
  }),
);
export type CredentialCreate = z.input<typeof zCredentialCreate>;

export const zCredentialUpdate = lazySchema(() =>
  z
    .object({
      alias: z.string().trim().max(100),
      cfe_user: z.string().trim().min(1).max(100),
      password: z.string().min(1).max(128),
    })
    .partial(),
);
export type CredentialUpdate = z.infer<typeof zCredentialUpdate>;

/**
 * The image CAPTCHA CFE's login asked for (a person reads it: Luz never sends it anywhere), while
 * it waits for its owner's answer. `image` is a data: URL.
 */
export const zCaptchaChallenge = lazySchema(() =>
  z.object({
    challenge_id: zId,
    credential_id: zId,
    cfe_user: z.string(),
    image: z.string(),
    issued_at: z.string(),
    expires_at: z.string(),
  }),
);
export type CaptchaChallenge = z.infer<typeof zCaptchaChallenge>;

/** POST /credentials/{id}/captcha: the characters of the image, for that challenge. */
export const zCaptchaAnswer = lazySchema(() =>
  z.object({
    challenge_id: zId,
    answer: z.string().trim().min(1).max(20),
  }),
);
export type CaptchaAnswer = z.infer<typeof zCaptchaAnswer>;

/**
 * Where "Conectar con CFE" (and a CAPTCHA's answer) left the credential's portal session: open,
 * waiting for a CAPTCHA, refused by CFE (user or password), or CFE unreachable for now; or, for
 * the CAPTCHA of "Consulta tu recibo", `answered`: the paused sync posts the answer when it
 * resumes (a wrong one brings a new image through the sync events).
 */
export const portalConnectionStates = ['connected', 'captcha', 'refused', 'unavailable', 'answered'] as const;
export const zPortalConnection = lazySchema(() =>
  z.object({
    state: z.enum(portalConnectionStates),
    message: z.string(),
    challenge: zCaptchaChallenge.nullable(),
  }),
);
export type PortalConnection = z.infer<typeof zPortalConnection>;

import { z } from 'zod';
import { zId } from './common';
import { lazySchema } from './zod-in-browser';

export const subscriptionStatuses = [
  'future',
  'in_trial',
  'active',
  'non_renewing',
  'paused',
  'cancelled',
  'transferred',
  'no_subscription',
] as const;
export const zSubscriptionStatus = lazySchema(() => z.enum(subscriptionStatuses));
export type SubscriptionStatus = z.infer<typeof zSubscriptionStatus>;

export const zSubscription = lazySchema(() =>
  z.object({
    status: zSubscriptionStatus,
    subscription_id: z.string().nullable(),
    updated_at: z.string().nullable(),
  }),
);
export type Subscription = z.infer<typeof zSubscription>;

export const zEmail = lazySchema(() =>
  z
    .email()
    .max(255)
    .meta({ examples: ['ana@empresa.mx'] }),
);
export const zPassword = lazySchema(() => z.string().min(8).max(128));

export const zUserPublic = lazySchema(() =>
  z.object({
    id: zId,
    email: z.string(),
    full_name: z.string(),
    company_name: z.string(),
    is_superuser: z.boolean(),
    is_active: z.boolean(),
    must_change_password: z.boolean(),
    has_credentials: z.boolean(),
    subscription: zSubscription,
    created_at: z.string(),
  }),
);
export type UserPublic = z.infer<typeof zUserPublic>;

export const zUserRegister = lazySchema(() =>
  z.object({
    email: zEmail,
    password: zPassword,
    full_name: z.string().trim().min(1).max(255),
    company_name: z.string().trim().min(1).max(255),
  }),
);
export type UserRegister = z.infer<typeof zUserRegister>;

export const zUserUpdateMe = lazySchema(() =>
  z
    .object({
      email: zEmail,
      full_name: z.string().trim().min(1).max(255),
      company_name: z.string().trim().min(1).max(255),
      /** Asked only to change the e-mail: the address is how the account is recovered. */
      current_password: z.string().min(1).max(128),
    })
    .partial(),
);
export type UserUpdateMe = z.infer<typeof zUserUpdateMe>;

export const zUpdatePassword = lazySchema(() =>
  z.object({
    current_password: z.string().min(1).max(128),
    new_password: zPassword,
  }),
);
export type UpdatePassword = z.infer<typeof zUpdatePassword>;

/** Superuser edit of another user (PATCH /users/{user_id}). */
export const zUserUpdate = lazySchema(() =>
  z
    .object({
      email: zEmail,
      full_name: z.string().trim().min(1).max(255),
      company_name: z.string().trim().min(1).max(255),
      is_superuser: z.boolean(),
      is_active: z.boolean(),
    })
    .partial(),
);
export type UserUpdate = z.infer<typeof zUserUpdate>;

export const zUsersQuery = lazySchema(() =>
  z.object({
    company_name: z.string().trim().max(255).optional(),
    email: z.string().trim().max(255).optional(),
    full_name: z.string().trim().max(255).optional(),
  }),
);
export type UsersQuery = z.infer<typeof zUsersQuery>;

/** Form body of POST /users/{user_id}/set-temporal-password; without `password` one is generated. */
export const zTemporalPasswordForm = lazySchema(() => z.object({ password: zPassword.optional() }));
export const zTemporalPassword = lazySchema(() => z.object({ temporal_password: z.string() }));
export type TemporalPassword = z.infer<typeof zTemporalPassword>;

import { z } from 'zod';
import { zPassword } from './users';
import { lazySchema } from './zod-in-browser';

/** Form-encoded body of POST /login/access-token (OAuth2 password flow field names). */
export const zLoginForm = lazySchema(() =>
  z.object({
    username: z.string().trim().min(1).max(255),
    password: z.string().min(1).max(128),
  }),
);
export type LoginForm = z.infer<typeof zLoginForm>;

export const zToken = lazySchema(() =>
  z.object({ access_token: z.string(), token_type: z.literal('bearer') }),
);
export type Token = z.infer<typeof zToken>;

export const zNewPassword = lazySchema(() =>
  z.object({ token: z.string().min(1).max(512), new_password: zPassword }),
);
export type NewPassword = z.infer<typeof zNewPassword>;

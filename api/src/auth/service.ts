import { createHash, randomBytes } from 'node:crypto';
import type { Token } from '@luz/shared/contract';
import type { AppContext } from '../context';
import { badRequest } from '../http/errors';
import { passwordResetMail } from '../mail/templates';
import { messages } from '../messages';
import { accountWords, findUserById, findUserForLogin, storePassword } from '../users/service';
import { assertStrongPassword } from './password-policy';
import { hashPassword, verifyDecoy, verifyPassword } from './passwords';

type Context = Pick<AppContext, 'db' | 'tokens' | 'mailer' | 'config'>;

export const bearer = (accessToken: string): Token => ({ access_token: accessToken, token_type: 'bearer' });

/** Same answer for an unknown e-mail and a wrong password, and about the same time (decoy hash). */
export async function login({ db, tokens }: Context, email: string, password: string): Promise<Token> {
  const found = await findUserForLogin(db, email);
  if (!found) {
    await verifyDecoy(password);
    throw badRequest(messages.incorrectCredentials);
  }
  if (!(await verifyPassword(found.hashedPassword, password)))
    throw badRequest(messages.incorrectCredentials);
  if (!found.user.isActive) throw badRequest(messages.inactiveUser);
  return bearer(tokens.issue(found.user.id, found.user.tokenVersion));
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Mails a single-use reset link when the e-mail belongs to an active account; does nothing
 * otherwise. Only the SHA-256 of the token is stored, so a copy of the database opens no account.
 */
export async function sendPasswordReset({ db, mailer, config }: Context, email: string): Promise<void> {
  const found = await findUserForLogin(db, email);
  if (!found?.user.isActive) return;
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [found.user.id, sha256(token), config.passwordResetExpireMinutes],
  );
  const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await mailer.send(
    passwordResetMail({
      to: found.user.email,
      fullName: found.user.fullName,
      link,
      expiresInMinutes: config.passwordResetExpireMinutes,
    }),
  );
}

/** The account a reset link opens, while it is unused and unexpired; null otherwise. */
async function resetLinkUser(db: Context['db'], token: string) {
  const { rows } = await db.query<{ user_id: string }>(
    'SELECT user_id FROM password_reset_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()',
    [sha256(token)],
  );
  return rows[0] ? findUserById(db, rows[0].user_id) : null;
}

/**
 * Spends the link (once, before it expires) and sets the password; every older session ends. A
 * guessable password is refused (422) before the link is spent, so the user can choose again.
 */
export async function resetPassword({ db }: Context, token: string, newPassword: string): Promise<void> {
  const user = await resetLinkUser(db, token);
  if (!user) throw badRequest(messages.invalidResetToken);
  await assertStrongPassword(newPassword, { field: 'new_password', context: accountWords(user) });
  const hashed = await hashPassword(newPassword);
  const done = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: string }>(
      `UPDATE password_reset_tokens SET used_at = now()
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
       RETURNING user_id`,
      [sha256(token)],
    );
    const userId = rows[0]?.user_id;
    return userId !== undefined && (await storePassword(tx, userId, hashed, { mustChange: false })) !== null;
  });
  if (!done) throw badRequest(messages.invalidResetToken);
}

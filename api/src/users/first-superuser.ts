import { isGuessablePassword } from '../auth/password-policy';
import { generatePassword, hashPassword } from '../auth/passwords';
import { ConfigError } from '../config';
import type { Queryable } from '../db/database';
import { normalizeEmail } from './service';

export const DEFAULT_SUPERUSER_EMAIL = 'admin@luz.local';

export type FirstSuperuser =
  | {
      outcome: 'created';
      email: string /** Set when we generated it: show it once, never log it. */;
      generatedPassword: string | null;
    }
  | { outcome: 'promoted' | 'unchanged'; email: string }
  | { outcome: 'none' };

/**
 * Makes sure somebody can administer the product:
 * - with FIRST_SUPERUSER, that account exists and is a superuser (created with
 *   FIRST_SUPERUSER_PASSWORD, refused when guessable, or a generated password; an existing
 *   password is never touched);
 * - without it, when no superuser exists yet, `admin@luz.local` is created with a generated password.
 * Safe when several processes start at once: the insert is conditional on the unique e-mail, and
 * only the process whose insert won reports the password it generated.
 * A superuser's stored subscription status is left as is: the product treats superusers as active.
 */
export async function ensureFirstSuperuser(
  db: Queryable,
  firstSuperuser: { email: string; password: string | null } | null,
): Promise<FirstSuperuser> {
  if (!firstSuperuser) {
    const { rows } = await db.query('SELECT 1 FROM users WHERE is_superuser LIMIT 1');
    if (rows.length > 0) return { outcome: 'none' };
  }
  const email = normalizeEmail(firstSuperuser?.email ?? DEFAULT_SUPERUSER_EMAIL);
  if (firstSuperuser?.password) {
    const { rows } = await db.query('SELECT 1 FROM users WHERE lower(email) = $1', [email]);
    // An existing account keeps its password whatever the setting says: only a new one is refused
    // (so a restart, which finds the account, never loads the password dictionaries).
    if (rows.length === 0 && (await isGuessablePassword(firstSuperuser.password, [email]))) {
      throw new ConfigError(
        'Invalid configuration:\n  FIRST_SUPERUSER_PASSWORD is a common or easily guessed password; choose another',
      );
    }
  }
  const generatedPassword = firstSuperuser?.password ? null : await generatePassword(20);
  const password = firstSuperuser?.password ?? (generatedPassword as string);

  const inserted = await db.query(
    `INSERT INTO users (email, full_name, company_name, hashed_password, is_superuser)
     VALUES ($1, 'Administrador', '', $2, true)
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
    [email, await hashPassword(password)],
  );
  if (inserted.rows.length > 0) return { outcome: 'created', email, generatedPassword };

  const promoted = await db.query(
    'UPDATE users SET is_superuser = true, updated_at = now() WHERE lower(email) = $1 AND NOT is_superuser RETURNING id',
    [email],
  );
  return { outcome: promoted.rows.length > 0 ? 'promoted' : 'unchanged', email };
}

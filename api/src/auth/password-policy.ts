import { RequestValidationError } from '../http/validation';
import { messages } from '../messages';
import { resolvePackage } from '../utils/resolve-package';
import { PASSWORD_CHECK_PACKAGES, PasswordStrength } from './password-strength';

/**
 * zxcvbn's score 3 means more than 10⁸ guesses: not a common or breached password, nor a small
 * variation of one (capitals, digits or symbols added, l33t, repeats, keyboard walks, dates).
 */
const MIN_SCORE = 3;

/** Words every Luz account shares: a password built on them is guessed first. */
const productWords = ['luz', 'cfe', 'comision federal de electricidad', 'recibo', 'admin', 'administrador'];

/** zxcvbn, in a worker thread that ends when idle (password-strength.ts). */
const ownChecker = new PasswordStrength(() => PASSWORD_CHECK_PACKAGES.map(resolvePackage));
let strength = ownChecker;

/**
 * Checks with `checker` from now on, which its owner ends. A jest worker keeps one for all its
 * test files (testing/environment.ts): building the dictionaries costs about a second of CPU,
 * and each file's own checker paid it again, 31 times in a run (decision 009).
 */
export function checkPasswordsWith(checker: PasswordStrength) {
  strength = checker;
}

/** Ends this module's checker once no check is waiting: the app's close. */
export function closePasswordChecks() {
  if (strength === ownChecker) ownChecker.close();
}

/** True when `password` is common, breached, or easily guessed from them or from `context`. */
export async function isGuessablePassword(
  password: string,
  context: readonly string[] = [],
): Promise<boolean> {
  const words = [...productWords, ...context.flatMap((text) => [text, ...text.split(/[@\s.]+/)])]
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word.length >= 3);
  return (await strength.score(password, words)) < MIN_SCORE;
}

/**
 * 422 on `field` (the form shows it under the password) when the password is guessable. Context:
 * the account's e-mail, name and company, which an attacker tries first.
 */
export async function assertStrongPassword(
  password: string,
  { field, context = [] }: { field: string; context?: readonly string[] },
): Promise<void> {
  if (!(await isGuessablePassword(password, context))) return;
  throw new RequestValidationError([
    { loc: ['body', field], msg: messages.guessablePassword, type: 'password_guessable' },
  ]);
}

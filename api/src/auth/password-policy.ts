import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { RequestValidationError } from '../http/validation';
import { messages } from '../messages';

/**
 * zxcvbn's score 3 means more than 10⁸ guesses: not a common or breached password, nor a small
 * variation of one (capitals, digits or symbols added, l33t, repeats, keyboard walks, dates).
 */
const MIN_SCORE = 3;

/** Words every Luz account shares: a password built on them is guessed first. */
const productWords = ['luz', 'cfe', 'comision federal de electricidad', 'recibo', 'admin', 'administrador'];

/**
 * Loaded and built on first use, then kept: the common and breached passwords, English and
 * Spanish words, names and Wikipedia terms, keyboard layouts, all bundled with the packages (no
 * network at run time). Loading them costs ~45 MB of resident memory and indexing them a few
 * hundred milliseconds, which a process that checks no password never pays (issue 17: most
 * restarts check none).
 */
let estimator: Promise<ZxcvbnFactory> | undefined;
function zxcvbn(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-es-es'),
  ]).then(
    ([{ ZxcvbnFactory }, common, english, spanish]) =>
      new ZxcvbnFactory({
        translations: spanish.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...english.dictionary, ...spanish.dictionary },
        // A check costs tens of milliseconds of CPU; these caps keep a crafted input (128
        // characters of l33t symbols) near a tenth of a second instead of seconds. Every entry
        // point is behind a rate limit, a valid reset link or a superuser.
        l33tMaxSubstitutions: 5,
        maxLength: 64,
      }),
  );
  return estimator;
}

/** True when `password` is common, breached, or easily guessed from them or from `context`. */
export async function isGuessablePassword(
  password: string,
  context: readonly string[] = [],
): Promise<boolean> {
  const words = [...productWords, ...context.flatMap((text) => [text, ...text.split(/[@\s.]+/)])]
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word.length >= 3);
  return (await zxcvbn()).check(password, words).score < MIN_SCORE;
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

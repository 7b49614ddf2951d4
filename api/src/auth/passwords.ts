import { randomInt } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { isGuessablePassword } from './password-policy';

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). `Algorithm` is a const
 * enum, which isolated modules cannot read as a value: 2 is `Algorithm.Argon2id`.
 */
const options = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    // A malformed stored hash is a failed login, not a server error.
    return false;
  }
}

/**
 * Spent on logins for unknown e-mails, so that answering "wrong credentials" takes as long
 * whether or not the account exists.
 */
let decoy: Promise<string> | undefined;
export async function verifyDecoy(password: string): Promise<void> {
  decoy ??= hashPassword('decoy password never used');
  await verifyPassword(await decoy, password);
}

const alphabets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '-_.!@#%*+='];

/**
 * A random password of `length` characters with every character class present and no look-alike
 * characters (0/O, 1/l/I), for temporary passwords a person has to type. At 16 characters a draw
 * is practically never guessable; one that happens to be (a dictionary word by chance) is drawn again.
 */
export async function generatePassword(length = 16): Promise<string> {
  for (;;) {
    const password = drawPassword(length);
    if (!(await isGuessablePassword(password))) return password;
  }
}

function drawPassword(length: number): string {
  const all = alphabets.join('');
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)] as string;
  const characters = [
    ...alphabets.map(pick),
    ...Array.from({ length: length - alphabets.length }, () => pick(all)),
  ];
  for (let index = characters.length - 1; index > 0; index--) {
    const other = randomInt(index + 1);
    [characters[index], characters[other]] = [characters[other] as string, characters[index] as string];
  }
  return characters.join('');
}

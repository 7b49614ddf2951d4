import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const version = 'v2';
/** Sealed before rows were bound (no associated data); only `reencryptLegacySecrets` reads it. */
const legacyVersion = 'v1';
/** GCM's full tag: a shorter one would let a forger try far fewer guesses. */
const TAG_BYTES = 16;

/**
 * Where a sealed value lives: its table, column and row. It is the ciphertext's associated data,
 * so a value copied into another row (or column) no longer opens: whoever can write to the
 * database cannot give one account another's portal password.
 */
export type SecretBinding = { table: string; column: string; id: string };

export type SecretBox = {
  /** Encrypts text for one place; the result carries version, nonce, tag and ciphertext (base64url, dot-separated). */
  seal: (plaintext: string, binding: SecretBinding) => string;
  /** Decrypts what `seal` made for the same place; anything else throws. */
  open: (sealed: string, binding: SecretBinding) => string;
  /** Reads a value sealed before bindings existed (v1), for re-encryption only. */
  openLegacy: (sealed: string) => string;
  /** True for a v1 value. */
  isLegacy: (sealed: string) => boolean;
};

const associatedData = ({ table, column, id }: SecretBinding) => Buffer.from(`luz:${table}.${column}:${id}`);

function decrypt(
  key: Buffer,
  sealed: string,
  expectedVersion: string,
  binding: SecretBinding | null,
): string {
  const [tag, nonce, authTag, ciphertext, ...rest] = sealed.split('.');
  if (tag !== expectedVersion || !nonce || !authTag || ciphertext === undefined || rest.length > 0)
    throw new Error('Unrecognised sealed secret');
  const tagBytes = Buffer.from(authTag, 'base64url');
  if (tagBytes.length !== TAG_BYTES) throw new Error('Unrecognised sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'), {
    authTagLength: TAG_BYTES,
  });
  if (binding) decipher.setAAD(associatedData(binding));
  decipher.setAuthTag(tagBytes);
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/**
 * AES-256-GCM for secrets at rest (portal passwords, webhook signing secrets). A fresh 96-bit
 * nonce per message, the full 16-byte tag required, and the row bound as associated data: any
 * tampering, truncation or move fails loudly instead of decrypting.
 */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The credentials key must be 32 bytes (AES-256)');
  return {
    seal(plaintext, binding) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(associatedData(binding));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [version, nonce, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open: (sealed, binding) => decrypt(key, sealed, version, binding),
    openLegacy: (sealed) => decrypt(key, sealed, legacyVersion, null),
    isLegacy: (sealed) => sealed.startsWith(`${legacyVersion}.`),
  };
}

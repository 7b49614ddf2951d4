import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const version = 'v1';

export type SecretBox = {
  /** Encrypts text; the result carries version, nonce, tag and ciphertext (base64url, dot-separated). */
  seal: (plaintext: string) => string;
  open: (sealed: string) => string;
};

/**
 * AES-256-GCM for secrets at rest (portal passwords, webhook signing secrets). A fresh 96-bit
 * nonce per message; the auth tag makes any tampering fail loudly instead of decrypting garbage.
 */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The credentials key must be 32 bytes (AES-256)');
  return {
    seal(plaintext) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [version, nonce, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [tag, nonce, authTag, ciphertext] = sealed.split('.');
      if (tag !== version || !nonce || !authTag || ciphertext === undefined)
        throw new Error('Unrecognised sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

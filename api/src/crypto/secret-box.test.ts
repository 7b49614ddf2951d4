import { randomBytes } from 'node:crypto';
import { createSecretBox } from './secret-box';

const box = createSecretBox(randomBytes(32));

test('round-trips text, accents included', () => {
  const sealed = box.seal('contraseña-Ñandú-2024');
  expect(sealed).not.toContain('contraseña');
  expect(box.open(sealed)).toBe('contraseña-Ñandú-2024');
});

test('uses a fresh nonce every time', () => {
  expect(box.seal('same')).not.toBe(box.seal('same'));
});

test('refuses tampered ciphertext and a foreign key', () => {
  const sealed = box.seal('secreto');
  const parts = sealed.split('.');
  const flipped = Buffer.from(parts[3] as string, 'base64url');
  flipped[0] = (flipped[0] ?? 0) ^ 1;
  expect(() => box.open([...parts.slice(0, 3), flipped.toString('base64url')].join('.'))).toThrow();
  expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
  expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
});

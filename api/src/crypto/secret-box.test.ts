import { randomBytes } from 'node:crypto';
import { sealV1 } from '../testing/legacy-secrets';
import { createSecretBox } from './secret-box';

const key = randomBytes(32);
const box = createSecretBox(key);
const here = {
  table: 'credentials',
  column: 'password_encrypted',
  id: '3f1c2a9e-0000-4000-8000-000000000001',
};
const there = { ...here, id: '3f1c2a9e-0000-4000-8000-000000000002' };

test('round-trips text, accents included, for the same row', () => {
  const sealed = box.seal('contraseña-Ñandú-2024', here);
  expect(sealed).toMatch(/^v2\./);
  expect(sealed).not.toContain('contraseña');
  expect(box.open(sealed, here)).toBe('contraseña-Ñandú-2024');
});

test('uses a fresh nonce every time', () => {
  expect(box.seal('same', here)).not.toBe(box.seal('same', here));
});

test('a value moved to another row, column or table does not open', () => {
  const sealed = box.seal('secreto', here);
  expect(() => box.open(sealed, there)).toThrow();
  expect(() => box.open(sealed, { ...here, column: 'secret_encrypted' })).toThrow();
  expect(() => box.open(sealed, { ...here, table: 'webhooks' })).toThrow();
});

test('refuses tampered ciphertext, a truncated tag, a foreign key and v1 values', () => {
  const sealed = box.seal('secreto', here);
  const parts = sealed.split('.');
  const flipped = Buffer.from(parts[3] as string, 'base64url');
  flipped[0] = (flipped[0] ?? 0) ^ 1;
  expect(() => box.open([...parts.slice(0, 3), flipped.toString('base64url')].join('.'), here)).toThrow();
  // GCM would accept a tag cut to 4 bytes (a forgery in 2³² tries) unless the length is enforced.
  for (const bytes of [4, 8, 12, 15]) {
    const short = Buffer.from(parts[2] as string, 'base64url')
      .subarray(0, bytes)
      .toString('base64url');
    expect(() => box.open([parts[0], parts[1], short, parts[3]].join('.'), here)).toThrow(
      'Unrecognised sealed secret',
    );
  }
  expect(() => createSecretBox(randomBytes(32)).open(sealed, here)).toThrow();
  expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  const legacy = sealV1(key, 'viejo');
  expect(() => box.open(legacy, here)).toThrow('Unrecognised sealed secret');
  expect(box.isLegacy(legacy)).toBe(true);
  expect(box.openLegacy(legacy)).toBe('viejo');
});

import svgCaptcha from 'svg-captcha';
import { randomFrom, seedOf } from '../simulator/random';
import type { Frequency } from './state';

/** Letters and digits, case-sensitive, without the ones people cannot tell apart (0/O, 1/l/I). */
const characters = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

export type DrawnCaptcha = { answer: string; image: Buffer; contentType: string };

/** A server-drawn image CAPTCHA of 5–6 letters and digits, like Mi Espacio's (REAL-CFE.md §1). */
export function drawCaptcha(): DrawnCaptcha {
  const drawn = svgCaptcha.create({
    size: Math.random() < 0.5 ? 5 : 6,
    charPreset: characters,
    noise: 3,
    color: false,
    width: 180,
    height: 60,
    fontSize: 56,
    background: '#f4f4f4',
  });
  return { answer: drawn.text, image: Buffer.from(drawn.data, 'utf8'), contentType: 'image/svg+xml' };
}

/** Case-sensitive, as CFE's: only surrounding spaces are forgiven. */
export const captchaMatches = (expected: string, given: unknown) =>
  typeof given === 'string' && given.trim() === expected;

/** Whether this form asks for a CAPTCHA; "sometimes" is seeded by the session, so a page keeps its mind. */
export function asksCaptcha(frequency: Frequency, seed: string): boolean {
  if (frequency === 'off') return false;
  if (frequency === 'always') return true;
  return randomFrom(seedOf(`captcha:${seed}`)).next() < frequency.share;
}

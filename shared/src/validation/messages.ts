import { es } from '../text/es';

/**
 * The generic validation messages of spec §5, in English as the spec (and the API, which
 * sends them in 422 answers) words them. The interface never shows them as they are: it shows
 * their Spanish translation from `es.validation` (see `translateValidationMessage`).
 */
export const genericValidationMessages = {
  required: (field: string) => `${field} is a required field`,
  email: 'must be a valid email',
  min: (min: number) => `must be at least ${min} characters`,
  max: (max: number) => `must be at most ${max} characters`,
  positive: 'must be a positive number',
  integer: 'must be an integer',
} as const;

const translations: { pattern: RegExp; translate: (match: RegExpMatchArray) => string }[] = [
  { pattern: /^.+ is a required field$/, translate: () => es.validation.required },
  { pattern: /^must be a valid email$/, translate: () => es.validation.email },
  {
    pattern: /^must be at least (\d+) characters?$/,
    translate: (match) => es.validation.min(Number(match[1])),
  },
  {
    pattern: /^must be at most (\d+) characters?$/,
    translate: (match) => es.validation.max(Number(match[1])),
  },
  { pattern: /^must be a positive number$/, translate: () => es.validation.positive },
  { pattern: /^must be an integer$/, translate: () => es.validation.integer },
  // The API's other generic wordings (api/src/http/validation.ts): a field error must never reach the user in English.
  {
    pattern: /^must be greater than or equal to (\S+)$/,
    translate: (match) => es.validation.minValue(match[1] ?? ''),
  },
  {
    pattern: /^must be less than or equal to (\S+)$/,
    translate: (match) => es.validation.maxValue(match[1] ?? ''),
  },
  {
    pattern: /^must have at least (\d+) items?$/,
    translate: (match) => es.validation.minItems(match[1] ?? ''),
  },
  {
    pattern: /^must have at most (\d+) items?$/,
    translate: (match) => es.validation.maxItems(match[1] ?? ''),
  },
  { pattern: /^must be a `number` type$/, translate: () => es.validation.number },
  { pattern: /^must be a valid url$/, translate: () => es.validation.url },
  { pattern: /^must be a valid date$/, translate: () => es.validation.date },
  { pattern: /^must be a valid [\w ]+$/, translate: () => es.validation.invalid },
  { pattern: /^must be a `\w+` type$/, translate: () => es.validation.invalid },
  { pattern: /^must be one of the following values: /, translate: () => es.validation.oneOf },
  { pattern: /^has unknown fields: /, translate: () => es.validation.invalid },
  { pattern: /^must not contain NUL characters$/, translate: () => es.validation.nul },
];

/**
 * The Spanish text of one of the generic English messages above. A message it does not know
 * passes through unchanged: the API writes its own product messages in Spanish already.
 */
export function translateValidationMessage(message: string): string {
  const text = message.trim();
  for (const { pattern, translate } of translations) {
    const match = text.match(pattern);
    if (match) return translate(match);
  }
  return message;
}

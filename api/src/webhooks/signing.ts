import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks secrets: `whsec_` and the base64 of the random key. */
export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes (the specification asks for 24 to 64). */
export function generateSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** A message id, the same on every attempt of one event so receivers can drop duplicates. */
export function generateMessageId(): string {
  return `msg_${randomBytes(16).toString('hex')}`;
}

/**
 * `webhook-signature` of Standard Webhooks: `v1,` and the base64 HMAC-SHA256, keyed with the
 * decoded secret, of `<webhook-id>.<webhook-timestamp>.<body>`.
 */
export function signatureOf(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  const key = Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
  const mac = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt; the timestamp is the attempt's, so retries pass replay checks. */
export function signedHeaders(secret: string, messageId: string, body: string, now = Date.now()) {
  const timestamp = Math.floor(now / 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureOf(secret, messageId, timestamp, body),
  };
}

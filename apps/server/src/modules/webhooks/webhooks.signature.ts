import { createHmac, randomBytes } from 'node:crypto';

/*
 * The Standard Webhooks signature scheme (https://www.standardwebhooks.com, decision 0032): a secret is `whsec_` +
 * base64 of random bytes; a delivery carries `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature`,
 * a space-separated list of `v1,` + base64(HMAC-SHA256(secret bytes, `${id}.${timestamp}.${body}`)) — one per
 * secret that signs (during a rotation's overlap, the new and the previous).
 */

const PREFIX = 'whsec_';

/** A new secret: 32 random bytes. */
export function newSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/** `v1,<base64 signature>` of one message with one secret. */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secretBytes(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The headers of one delivery, signed with each of `secrets` (the current one first). */
export function signedHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => sign(s, id, timestamp, body)).join(' '),
  };
}

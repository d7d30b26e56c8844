import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies", docs/decisions/0012): a browser
 * that once signed in to an account holds a signed cookie naming that account. Failed sign-ins from such a device
 * count against the device only; failures from anywhere else count against "untrusted clients of the account".
 * So an outsider who types ten wrong passwords locks out untrusted clients, never the user's own browser.
 */

const sign = (secret: Uint8Array, account: string, nonce: string) =>
  createHmac('sha256', secret).update(`device:${account.trim().toLowerCase()}:${nonce}`).digest('base64url');

/** A new device token for the account (an e-mail address). */
export function newDeviceToken(secret: Uint8Array, account: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${sign(secret, account, nonce)}`;
}

/** The device's nonce when the token was made by us for this account, else null. */
export function trustedDevice(
  secret: Uint8Array,
  token: string | null | undefined,
  account: string,
): string | null {
  if (!token) return null;
  const [nonce, mac] = token.split('.');
  if (!nonce || !mac || nonce.length > 64) return null;
  const expected = Buffer.from(sign(secret, account, nonce));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

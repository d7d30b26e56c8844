import { readFileSync } from 'node:fs';
import { PASSWORD_MAX, PASSWORD_MIN, passwordLengthProblem } from '@mp/contract/rules/password';

export { PASSWORD_MAX, PASSWORD_MIN };

/** A bundled top-list of common and Dutch-flavoured passwords (ASVS 6.2.4), compared case-insensitively. */
const common: ReadonlySet<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((l) => l.trim().toLowerCase())
    .filter(Boolean),
);

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

export function commonPasswordCount(): number {
  return common.size;
}

/**
 * The rule for a new password: 8 to 128 characters, taken exactly as typed (no trimming, every character
 * allowed, no composition rules), not on the common list and not the account's own e-mail address.
 * Returns the translation key of the first problem, or null.
 */
export function passwordProblem(password: string, email?: string): string | null {
  const length = passwordLengthProblem(password);
  if (length) return length;
  if (isCommonPassword(password)) return 'validation.wachtwoord_te_gewoon';
  if (email && password.toLowerCase() === email.toLowerCase()) return 'validation.wachtwoord_te_gewoon';
  return null;
}

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

/** Words of this product that make a guessable password: its name and the demo accounts' password. */
const productWords = ['materieelportaal', 'materieel', 'portaal'];
const knownPasswords = new Set(['materieel2026!']);

/** The words of the user's context (ASVS 6.2.11): e-mail and name parts of 4 or more letters. */
function contextWords(email?: string, name?: string): string[] {
  const parts = [
    ...(email ?? '').toLowerCase().split(/[@._+-]+/),
    ...(name ?? '').toLowerCase().split(/[\s._'-]+/),
  ];
  const common = new Set(['gmail', 'hotmail', 'outlook', 'yahoo', 'mail']);
  return [...productWords, ...parts.filter((w) => w.length >= 4 && !common.has(w))];
}

/**
 * The rule for a new password: 8 to 128 characters, taken exactly as typed (no trimming, every character
 * allowed, no composition rules), not on the common list, not the account's own e-mail address, and not
 * holding a context word: the product's name, the demo password, or a part of the user's name or e-mail.
 * Returns the translation key of the first problem, or null.
 */
export function passwordProblem(password: string, email?: string, name?: string): string | null {
  const length = passwordLengthProblem(password);
  if (length) return length;
  const lower = password.toLowerCase();
  if (isCommonPassword(password) || knownPasswords.has(lower)) return 'validation.wachtwoord_te_gewoon';
  if (email && lower === email.toLowerCase()) return 'validation.wachtwoord_te_gewoon';
  if (contextWords(email, name).some((w) => lower.includes(w))) return 'validation.wachtwoord_context';
  return null;
}

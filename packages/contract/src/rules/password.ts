/** The password rule of SECURITY.md (ASVS 6.2.1, 6.2.9): 8 to 128 characters, taken exactly as typed. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The translation key of a length problem, or null. Counts code points, so emoji count as one. */
export function passwordLengthProblem(
  password: string,
): 'validation.wachtwoord_te_kort' | 'validation.wachtwoord_te_lang' | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return 'validation.wachtwoord_te_kort';
  if (length > PASSWORD_MAX) return 'validation.wachtwoord_te_lang';
  return null;
}

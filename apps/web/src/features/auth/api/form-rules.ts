import { PASSWORD_MAX, PASSWORD_MIN } from '@mp/contract/rules/password';
import { z } from 'zod';

/**
 * Form rules of the auth pages on top of the contract's payloads (@mp/contract/api/auth): they check what was
 * typed, before it is trimmed and sent, with the messages the pages show.
 */

/** A new password: 8..128 characters exactly as typed, entered twice. */
export const newPassword = z
  .string()
  .min(1, { message: 'validation.verplicht' })
  .refine((p) => [...p].length >= PASSWORD_MIN, { message: 'validation.wachtwoord_te_kort' })
  .refine((p) => [...p].length <= PASSWORD_MAX, { message: 'validation.wachtwoord_te_lang' });

export const passwordParams = { min: PASSWORD_MIN, max: PASSWORD_MAX };

/** An e-mail address as typed: required, checked once trimmed. */
export const formEmail = z
  .string()
  .trim()
  .min(1)
  .pipe(z.email({ message: 'validation.email_ongeldig' }));

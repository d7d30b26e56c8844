import { PASSWORD_MAX, PASSWORD_MIN } from '@mp/contract/rules/password';
import { z } from 'zod';

/** A new password: 8..128 characters exactly as typed, entered twice. */
export const newPassword = z
  .string()
  .min(1, { message: 'validation.verplicht' })
  .refine((p) => [...p].length >= PASSWORD_MIN, { message: 'validation.wachtwoord_te_kort' })
  .refine((p) => [...p].length <= PASSWORD_MAX, { message: 'validation.wachtwoord_te_lang' });

export const passwordParams = { min: PASSWORD_MIN, max: PASSWORD_MAX };

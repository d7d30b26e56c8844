import { type RegisterBody, registerBody } from '@mp/contract/api/auth';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';
import { formEmail } from './form-rules';

/**
 * POST /api/v2.0/Auth/register: an account request, checked by the equipment department. The form checks the
 * contract's fields, with the address as typed (trimmed, up to 254 characters) and without a password.
 */
export const registerSchema = registerBody
  .omit({ password: true })
  .extend({ email: formEmail.pipe(z.string().max(254)) });
export type RegisterInput = Omit<RegisterBody, 'password'>;

export const register = (input: RegisterInput) =>
  api.post('/Auth/register', input, { auth: false, answer: (c) => c.common.noContent });

export function useRegister() {
  return useMutation({ mutationFn: register });
}

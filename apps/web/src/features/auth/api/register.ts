import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';

/** POST /api/v2.0/Auth/register: an account request, checked by the equipment department. */
export const registerSchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z
    .string()
    .trim()
    .min(1)
    .pipe(z.email({ message: 'validation.email_ongeldig' }))
    .pipe(z.string().max(254)),
  phone: z.string().trim().max(50).optional(),
  company: z.string().trim().max(200).optional(),
  comment: z.string().trim().max(2000).optional(),
  language: z.string().max(10).optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const register = (input: RegisterInput) => api.post<null>('/Auth/register', input, { auth: false });

export function useRegister() {
  return useMutation({ mutationFn: register });
}

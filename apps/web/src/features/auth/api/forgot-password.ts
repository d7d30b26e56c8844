import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';

/** POST /api/v2.0/Auth/forgot-password: always the same answer, whether the address is known or not. */
export const forgotPasswordSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1)
    .pipe(z.email({ message: 'validation.email_ongeldig' })),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const forgotPassword = (input: ForgotPasswordInput) =>
  api.post<null>('/Auth/forgot-password', input, { auth: false });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

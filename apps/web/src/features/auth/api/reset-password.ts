import type { ResetPasswordBody } from '@mp/contract/api/auth';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';
import { newPassword } from './form-rules';

/** POST /api/v2.0/Auth/reset-password { token, password } */
export const resetPasswordSchema = z
  .object({ password: newPassword, confirm: z.string().min(1) })
  .refine((v) => v.password === v.confirm, {
    message: 'validation.wachtwoorden_ongelijk',
    path: ['confirm'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordSchema>;

export const resetPassword = (input: ResetPasswordBody) =>
  api.post('/Auth/reset-password', input, {
    auth: false,
    answer: (c) => c.common.noContent,
  });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

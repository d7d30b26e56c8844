import type { ChangePasswordBody } from '@mp/contract/api/auth';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';
import { startSession } from '../../../shared/session/session';
import { newPassword } from './form-rules';

/** POST /api/v2.0/Auth/change-password { currentPassword, newPassword }: ends every session and answers a new one. */
export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1), newPassword, confirm: z.string().min(1) })
  .refine((v) => v.newPassword === v.confirm, {
    message: 'validation.wachtwoorden_ongelijk',
    path: ['confirm'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;

export const changePassword = (input: ChangePasswordBody) =>
  api.post('/Auth/change-password', input, { answer: (c) => c.auth.tokenPair });

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (tokens) => {
      if (tokens?.accessToken) startSession(tokens);
    },
  });
}

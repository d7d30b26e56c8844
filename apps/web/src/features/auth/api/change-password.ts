import type { TokenResponse } from '@mp/contract/api/shell';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';
import { startSession } from '../../../shared/session/session';
import { newPassword } from './password-schema';

/** POST /api/v2.0/Auth/change-password { currentPassword, newPassword }: ends every session and answers a new one. */
export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1), newPassword, confirm: z.string().min(1) })
  .refine((v) => v.newPassword === v.confirm, {
    message: 'validation.wachtwoorden_ongelijk',
    path: ['confirm'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;

export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  api.post<TokenResponse | null>('/Auth/change-password', input);

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (tokens) => {
      if (tokens?.accessToken) startSession(tokens);
    },
  });
}

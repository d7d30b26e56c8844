import type { ForgotPasswordBody } from '@mp/contract/api/auth';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';
import { formEmail } from './form-rules';

/** POST /api/v2.0/Auth/forgot-password: always the same answer, whether the address is known or not. */
export const forgotPasswordSchema = z.object({ email: formEmail });
export type ForgotPasswordInput = ForgotPasswordBody;

export const forgotPassword = (input: ForgotPasswordBody) =>
  api.post('/Auth/forgot-password', input, {
    auth: false,
    answer: (c) => c.common.noContent,
  });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

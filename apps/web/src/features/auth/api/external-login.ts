import type { ExternalLoginAnswer } from '@mp/contract/api/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { startSession } from '../../../shared/session/session';
import { takeAccountLanguage } from './account-language';

/** POST /api/v2.0/Auth/external-login: the provider's callback URL (code, state, iss) → tokens and the page to return to. */
export type { ExternalLoginAnswer };

export const externalLogin = (callbackUrl: string) =>
  api.post(
    '/Auth/external-login',
    { callbackUrl },
    { auth: false, answer: (c) => c.auth.externalLoginAnswer },
  );

export function useExternalLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: externalLogin,
    onSuccess: (answer) => {
      takeAccountLanguage(queryClient, answer.user.language);
      startSession(answer);
    },
  });
}

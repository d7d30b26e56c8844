import type { LoginBody } from '@mp/contract/api/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { settingsKeys } from '../../../shared/api/get-settings';
import { startSession } from '../../../shared/session/session';
import { takeAccountLanguage } from './account-language';

/**
 * POST /api/v2.0/Auth/login. The input type is the contract's `loginBody`; the schema itself is not used to
 * validate the form (zod would then be part of the sign-in page's first load): the form checks the two fields
 * itself and the server validates with the schema. The answer's schema is only there in development.
 */
export type LoginInput = LoginBody;

export const login = (input: LoginInput) =>
  api.post('/Auth/login', input, { auth: false, answer: (c) => c.auth.tokenPair });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (tokens) => {
      takeAccountLanguage(queryClient, tokens.user.language);
      startSession(tokens);
      // the settings differ per viewer (public subset vs all)
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}

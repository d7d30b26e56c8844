import type { loginInput, TokenResponse } from '@mp/contract/api/shell';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { settingsKeys } from '../../../shared/api/get-settings';
import { startSession } from '../../../shared/session/session';

/**
 * POST /api/v2.0/Auth/login. The input type is the contract's `loginInput`; the schema itself is not imported
 * here (zod would then be part of the sign-in page's first load): the form checks the two fields itself and
 * the server validates with the schema.
 */
export type LoginInput = z.infer<typeof loginInput>;

export const login = (input: LoginInput) => api.post<TokenResponse>('/Auth/login', input, { auth: false });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (tokens) => {
      startSession(tokens);
      // the settings differ per viewer (public subset vs all)
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}

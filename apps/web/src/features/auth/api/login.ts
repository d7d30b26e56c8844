import { loginInput, type TokenResponse } from '@mp/contract/api/shell';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { settingsKeys } from '../../../shared/api/get-settings';
import { startSession } from '../../../shared/session/session';

/** POST /api/v2.0/Auth/login */
export const loginSchema = loginInput;
export type LoginInput = z.infer<typeof loginSchema>;

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

import type { TokenResponse } from '@mp/contract/api/shell';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { startSession } from '../../../shared/session/session';

/** POST /api/v2.0/Auth/external-login: the provider's callback URL (code, state, iss) → tokens and the page to return to. */
export interface ExternalLoginAnswer extends TokenResponse {
  redirectUrl: string | null;
}

export const externalLogin = (callbackUrl: string) =>
  api.post<ExternalLoginAnswer>('/Auth/external-login', { callbackUrl }, { auth: false });

export function useExternalLogin() {
  return useMutation({ mutationFn: externalLogin, onSuccess: (answer) => startSession(answer) });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { endSession, sessionStore } from '../../../shared/session/session';

/** GET /api/v2.0/Auth/logout (bearer + the HttpOnly refresh cookie): ends the session on the server, then here. */
export async function logout(): Promise<void> {
  const session = sessionStore.get();
  if (session) {
    try {
      await api.get('/Auth/logout', { answer: (c) => c.common.noContent });
    } catch {
      // signed out here regardless; the refresh token expires on its own
    }
  }
  endSession('logout');
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}

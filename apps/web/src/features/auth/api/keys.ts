export const authKeys = {
  all: ['auth'] as const,
  externalLoginUrl: (redirectUrl: string) => [...authKeys.all, 'external-login-url', redirectUrl] as const,
  me: (userId: string) => [...authKeys.all, 'me', userId] as const,
};

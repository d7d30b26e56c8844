// The auth area's public face: what other areas may use. Everything else in this folder is private.
export { approveAccount, setAccountDisabled } from './auth.accounts.ts';
export { endAllSessions, portalName, randomToken, sha256 } from './auth.common.ts';
export { refreshCookie } from './auth.http.ts';
export { takeLinkTurn } from './auth.passwords.ts';
export { authRoutes } from './auth.routes.ts';

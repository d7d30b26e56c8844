import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import * as client from 'openid-client';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';

/** What the provider told us about the person, after every check passed. */
export interface ExternalIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  upn: string | null;
  locale: string | null;
  /** From an `internal_external` claim when the provider sends one. */
  internalExternal: 'internal' | 'external' | null;
}

/** The pending login (state, nonce, PKCE verifier), kept encrypted in a cookie: no server-side row. */
interface Pending {
  state: string;
  nonce: string;
  verifier: string;
  redirectUrl: string | null;
}

export interface CallbackParams {
  code?: string;
  state?: string;
  iss?: string;
  /** The whole callback URL as the browser received it; only its query is used. */
  callbackUrl?: string;
}

export const PENDING_TTL_SECONDS = 10 * 60;

const failed = (cause?: unknown) => new AppError('unauthenticated', 'ExternalLogin.mislukt', { cause });

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/** A relative path inside the portal, or null: the provider round-trip must not become an open redirect. */
export function safeRedirect(value: string | undefined | null): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || /[\r\n]/.test(value))
    return null;
  return value.slice(0, 1000);
}

export interface Oidc {
  readonly enabled: boolean;
  /** The provider's authorization URL and the sealed pending state for the cookie. */
  start(redirectUrl: string | null, now: Date): Promise<{ url: string; sealed: string }>;
  /** Checks state, PKCE, nonce and issuer, and returns who signed in plus where to return to. */
  finish(
    params: CallbackParams,
    sealed: string | undefined,
    now: Date,
  ): Promise<{ identity: ExternalIdentity; redirectUrl: string | null }>;
}

export function createOidc(config: Config, secret: Uint8Array): Oidc {
  const {
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: clientId,
    OIDC_CLIENT_SECRET: clientSecret,
    OIDC_REDIRECT_URI: redirectUri,
  } = config;
  const enabled = Boolean(issuer && clientId && redirectUri);
  const key = new Uint8Array(
    hkdfSync('sha256', secret, new Uint8Array(0), 'materieelportaal oidc pending login', 32),
  );
  let discovered: Promise<client.Configuration> | null = null;

  function configuration(): Promise<client.Configuration> {
    if (!enabled || !issuer || !clientId) throw new AppError('not_found', 'error.niet_gevonden');
    if (!discovered) {
      const server = new URL(issuer);
      // Discovery also checks that the metadata names exactly this issuer.
      discovered = client
        .discovery(
          server,
          clientId,
          { redirect_uris: [redirectUri as string], response_types: ['code'] },
          clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
          // why: plain http only for a provider on this machine (development and tests).
          server.protocol === 'http:' && isLoopback(server)
            ? { execute: [client.allowInsecureRequests] }
            : undefined,
        )
        .catch((e) => {
          discovered = null;
          throw new AppError('unavailable', 'ExternalLogin.mislukt', { cause: e });
        });
    }
    return discovered;
  }

  async function seal(p: Pending, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new EncryptJWT({ ...p })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + PENDING_TTL_SECONDS)
      .encrypt(key);
  }

  async function unseal(sealed: string, now: Date): Promise<Pending> {
    const { payload } = await jwtDecrypt(sealed, key, {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
      currentDate: now,
    });
    const { state, nonce, verifier, redirectUrl } = payload as Record<string, unknown>;
    if (typeof state !== 'string' || typeof nonce !== 'string' || typeof verifier !== 'string')
      throw new Error('pending');
    return { state, nonce, verifier, redirectUrl: typeof redirectUrl === 'string' ? redirectUrl : null };
  }

  return {
    enabled,
    async start(redirectUrl, now) {
      const cfg = await configuration();
      const pending: Pending = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        redirectUrl: safeRedirect(redirectUrl),
      };
      const url = client.buildAuthorizationUrl(cfg, {
        redirect_uri: redirectUri as string,
        response_type: 'code',
        scope: 'openid email profile',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, sealed: await seal(pending, now) };
    },

    async finish(params, sealed, now) {
      const cfg = await configuration();
      if (!sealed) throw failed();
      let pending: Pending;
      try {
        pending = await unseal(sealed, now);
      } catch (e) {
        throw failed(e);
      }
      // The token request's redirect_uri comes from this URL, so it is always the configured one.
      const current = new URL(redirectUri as string);
      const given = params.callbackUrl ? new URL(params.callbackUrl).searchParams : null;
      const query = new URLSearchParams();
      for (const name of ['code', 'state', 'iss', 'error', 'error_description', 'session_state']) {
        const v = given ? given.get(name) : (params as Record<string, string | undefined>)[name];
        if (v != null) query.set(name, v);
      }
      current.search = query.toString();
      let claims: client.IDToken | undefined;
      let accessToken: string;
      try {
        const tokens = await client.authorizationCodeGrant(cfg, current, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
        accessToken = tokens.access_token;
      } catch (e) {
        throw failed(e);
      }
      if (!claims) throw failed();
      // The id token names who it is (iss, sub, nonce); profile claims may only be at the userinfo endpoint.
      let info: Record<string, unknown> = { ...claims };
      if (cfg.serverMetadata().userinfo_endpoint) {
        try {
          info = { ...(await client.fetchUserInfo(cfg, accessToken, claims.sub)), ...claims };
        } catch {
          // The id token alone decides then; without an e-mail address only a known identity can sign in.
        }
      }
      const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
      const ie = str(info.internal_external ?? info.InternalExternal)?.toLowerCase();
      const identity: ExternalIdentity = {
        issuer: claims.iss,
        subject: claims.sub,
        email: str(info.email),
        emailVerified: info.email_verified === true,
        name:
          str(info.name) ?? ([str(info.given_name), str(info.family_name)].filter(Boolean).join(' ') || null),
        upn: str(info.upn) ?? str(info.preferred_username),
        locale: str(info.locale),
        internalExternal: ie === 'internal' ? 'internal' : ie === 'external' ? 'external' : null,
      };
      return { identity, redirectUrl: pending.redirectUrl };
    },
  };
}

/** internal when the provider says so, or when a verified e-mail address is on one of OIDC_INTERNAL_DOMAINS. */
export function kindOf(identity: ExternalIdentity, internalDomains: string): 'internal' | 'external' {
  if (identity.internalExternal) return identity.internalExternal;
  if (!identity.email || !identity.emailVerified) return 'external';
  const domain = identity.email.split('@').pop()?.toLowerCase() ?? '';
  const domains = internalDomains
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  return domains.includes(domain) ? 'internal' : 'external';
}

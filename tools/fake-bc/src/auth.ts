import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock.ts';
import { BcError } from './http-util.ts';

/**
 * Microsoft Entra ID's client-credentials flow as Business Central uses it: `POST {authority}/{tenant}/oauth2/v2.0/
 * token` with grant_type, client_id, client_secret and the scope https://api.businesscentral.dynamics.com/.default
 * gives `{ token_type, expires_in, access_token }`; the API takes it as `Authorization: Bearer …` until it expires
 * (on the fake's clock). Tokens are opaque here: a client must not read them.
 */

export const BC_SCOPE = 'https://api.businesscentral.dynamics.com/.default';

export interface Client {
  clientId: string;
  clientSecret: string;
}

interface Token {
  tenant: string;
  clientId: string;
  expiresAt: number;
}

export interface TokenAnswer {
  status: number;
  json: Record<string, unknown>;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function entraError(status: number, error: string, code: number, description: string): TokenAnswer {
  return {
    status,
    json: {
      error,
      error_description: `AADSTS${code}: ${description}`,
      error_codes: [code],
      timestamp: new Date().toISOString().replace('T', ' ').slice(0, 19),
      trace_id: randomBytes(16).toString('hex'),
      correlation_id: randomBytes(16).toString('hex'),
    },
  };
}

export class Auth {
  private readonly tokens = new Map<string, Token>();
  private readonly clock: Clock;
  private readonly clients: readonly Client[];
  private readonly tenant: string;
  private readonly lifetimeSeconds: number;

  constructor(options: {
    clock: Clock;
    clients: readonly Client[];
    tenant: string;
    lifetimeSeconds: number;
  }) {
    this.clock = options.clock;
    this.clients = options.clients;
    this.tenant = options.tenant;
    this.lifetimeSeconds = options.lifetimeSeconds;
  }

  /** The token endpoint: `form` is the urlencoded body. */
  issue(tenant: string, form: URLSearchParams): TokenAnswer {
    if (tenant !== this.tenant)
      return entraError(400, 'invalid_request', 90002, `Tenant '${tenant}' not found.`);
    if (form.get('grant_type') !== 'client_credentials')
      return entraError(
        400,
        'unsupported_grant_type',
        70003,
        `The app requested an unsupported grant type '${form.get('grant_type') ?? ''}'.`,
      );
    const clientId = form.get('client_id') ?? '';
    const client = this.clients.find((c) => c.clientId === clientId);
    if (!client || !sameSecret(client.clientSecret, form.get('client_secret') ?? ''))
      return entraError(401, 'invalid_client', 7000215, 'Invalid client secret provided.');
    if (form.get('scope') !== BC_SCOPE)
      return entraError(400, 'invalid_scope', 1002012, `The provided value for scope is not valid.`);
    const accessToken = randomBytes(32).toString('base64url');
    this.tokens.set(accessToken, {
      tenant,
      clientId,
      expiresAt: this.clock.now().getTime() + this.lifetimeSeconds * 1000,
    });
    return {
      status: 200,
      json: {
        token_type: 'Bearer',
        expires_in: this.lifetimeSeconds,
        ext_expires_in: this.lifetimeSeconds,
        access_token: accessToken,
      },
    };
  }

  /** The caller of an API request, or a 401 as Business Central answers it. */
  verify(authorization: string | undefined, tenant: string | null): string {
    const challenge = {
      'www-authenticate': `Bearer authorization_uri="https://login.microsoftonline.com/${this.tenant}/oauth2/authorize", resource_id="https://api.businesscentral.dynamics.com"`,
    };
    const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
    if (!match)
      throw new BcError(
        401,
        'Authentication_InvalidCredentials',
        'The server has rejected the client credentials.',
        challenge,
      );
    const token = this.tokens.get(match[1].trim());
    if (!token || (tenant !== null && token.tenant !== tenant))
      throw new BcError(
        401,
        'Authentication_InvalidCredentials',
        'The server has rejected the client credentials.',
        challenge,
      );
    if (token.expiresAt <= this.clock.now().getTime()) {
      this.tokens.delete(match[1].trim());
      throw new BcError(401, 'Unauthorized', 'The access token has expired.', challenge);
    }
    return token.clientId;
  }
}

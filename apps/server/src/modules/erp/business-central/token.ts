import { ErpError, errorOfAnswer } from './errors.ts';

/*
 * OAuth 2.0 client credentials against Microsoft Entra ID (docs/erp/business-central.md §2): one token per
 * connection, kept until shortly before it expires and then asked again; callers that ask while a token is being
 * fetched share that one request. The secret goes only into the token request's form body: never into a URL, a log
 * line or an error (errors.ts redacts what the endpoint writes back).
 */

export interface Credentials {
  /** `${authority}/${tenant}/oauth2/v2.0/token` */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

export interface TokenOptions {
  /** Ask a new token this long before the current one expires (default 5 minutes, at most half its lifetime). */
  refreshBeforeMs?: number;
  timeoutMs?: number;
  now?: () => number;
  fetch?: typeof fetch;
}

interface Held {
  value: string;
  /** When to ask a new one (expiry minus the margin), ms since the epoch. */
  renewAt: number;
}

export class TokenCache {
  private held: Held | null = null;
  private pending: Promise<Held> | null = null;
  private readonly now: () => number;
  private readonly fetchFn: typeof fetch;
  private readonly credentials: Credentials;
  private readonly options: TokenOptions;

  constructor(credentials: Credentials, options: TokenOptions = {}) {
    this.credentials = credentials;
    this.options = options;
    this.now = options.now ?? Date.now;
    this.fetchFn = options.fetch ?? fetch;
  }

  /** A valid access token: the one held, or a new one when it is (nearly) expired. */
  async get(signal?: AbortSignal): Promise<string> {
    if (this.held && this.now() < this.held.renewAt) return this.held.value;
    this.pending ??= this.request(signal).finally(() => {
      this.pending = null;
    });
    this.held = await this.pending;
    return this.held.value;
  }

  /** Forget a token BC refused (401), so the next `get` asks a new one; a newer one already held stays. */
  invalidate(value: string): void {
    if (this.held?.value === value) this.held = null;
  }

  /** What an error text must never contain. */
  secrets(): string[] {
    return [this.credentials.clientSecret, ...(this.held ? [this.held.value] : [])];
  }

  private async request(signal?: AbortSignal): Promise<Held> {
    const { tokenUrl, clientId, clientSecret, scope } = this.credentials;
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 30_000);
    const started = this.now();
    let res: Response;
    try {
      res = await this.fetchFn(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: clientSecret,
          scope,
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (e) {
      throw new ErpError(timeout.aborted ? 'timeout' : 'network', {
        params: { step: 'token' },
        cause: scrubbed(e),
      });
    }
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      body = null;
    }
    if (!res.ok) {
      const secrets = [clientSecret];
      const error = errorOfAnswer(res.status, body, { secrets });
      // 400/401 from the token endpoint: the credentials or the tenant are wrong (Entra's invalid_client, …).
      if (res.status === 400 || res.status === 401)
        throw new ErpError('auth', { status: res.status, bcCode: error.bcCode, params: { step: 'token' } });
      throw error;
    }
    const token = body as { access_token?: unknown; expires_in?: unknown };
    if (typeof token.access_token !== 'string' || !token.access_token)
      throw new ErpError('auth', { status: res.status, params: { step: 'token' } });
    const lifetimeMs = Math.max(1, Number(token.expires_in) || 3599) * 1000;
    const margin = Math.min(this.options.refreshBeforeMs ?? 300_000, lifetimeMs / 2);
    return { value: token.access_token, renewAt: started + lifetimeMs - margin };
  }
}

/** A network error without anything the request carried (undici's errors name the URL at most). */
function scrubbed(e: unknown): Error {
  const err = e as { name?: string; cause?: { code?: string } };
  return new Error(`${err.name ?? 'Error'}${err.cause?.code ? ` ${err.cause.code}` : ''}`);
}

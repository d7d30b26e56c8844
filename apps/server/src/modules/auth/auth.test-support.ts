import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Provider from 'oidc-provider';
import { SMTPServer } from 'smtp-server';

/*
 * Real things for the auth tests, started in-process on random loopback ports: an SMTP server that keeps
 * what it receives, and an OpenID Connect provider (oidc-provider) with test accounts.
 */

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The message decoded enough to search: quoted-printable undone, headers and parts together. */
  body: string;
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeSubject(raw: string): string {
  const m = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw);
  if (!m) return '';
  return m[1]
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
    .trim();
}

export async function startSmtp() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          subject: decodeSubject(raw),
          body: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits for a mail to `to` (any recipient when null) that matches, received after `since` mails. */
    async waitFor(
      to: string | null,
      match: (m: ReceivedMail) => boolean = () => true,
      since = 0,
      timeoutMs = 10_000,
    ) {
      const end = Date.now() + timeoutMs;
      while (Date.now() < end) {
        const found = mails
          .slice(since)
          .find((m) => (to === null || m.to.includes(to.toLowerCase())) && match(m));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms (got ${mails.length})`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Smtp = Awaited<ReturnType<typeof startSmtp>>;

export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  upn?: string;
  internal_external?: string;
  locale?: string;
}

export const OIDC_CLIENT = { id: 'materieelportaal', secret: 'portal-client-secret-0123456789abcdef' };
export const OIDC_REDIRECT = 'http://portal.test/external-login';

/** A real OpenID Connect provider on 127.0.0.1:random with the given accounts (id → claims). */
export async function startProvider(accounts: Record<string, ProviderAccount>) {
  const { default: ProviderClass } = await import('oidc-provider');
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  // why: the provider warns (on stderr) that it runs with development defaults, which is the point here.
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('oidc-provider WARNING')) warn(...args);
  };
  let provider: Provider;
  try {
    provider = new ProviderClass(issuer, {
      clients: [
        {
          client_id: OIDC_CLIENT.id,
          client_secret: OIDC_CLIENT.secret,
          redirect_uris: [OIDC_REDIRECT],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      cookies: { keys: ['test-cookie-key-0123456789'] },
      ttl: {
        Interaction: 600,
        Session: 3600,
        Grant: 3600,
        AccessToken: 600,
        IdToken: 600,
        AuthorizationCode: 60,
      },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'upn', 'locale', 'internal_external'],
      },
      features: { devInteractions: { enabled: true } },
      pkce: { required: () => true },
      async findAccount(_ctx: unknown, id: string) {
        const account = accounts[id];
        if (!account) return undefined;
        return { accountId: id, claims: async () => ({ sub: id, ...account }) };
      },
    });
  } finally {
    console.warn = warn;
  }
  server.on('request', provider.callback());
  return {
    issuer,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TestProvider = Awaited<ReturnType<typeof startProvider>>;

/** A minimal cookie jar for driving the provider's pages with fetch. */
class Jar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Plays the browser at the provider: follows the authorization URL, signs in as `accountId` on the dev
 * login page, grants consent, and returns the callback URL the provider redirects to (with code and state).
 */
export async function signInAtProvider(authorizationUrl: string, accountId: string): Promise<URL> {
  const jar = new Jar();
  let url = authorizationUrl;
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(OIDC_REDIRECT)) return new URL(url);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location') as string, url).href;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on ${url}: ${html.slice(0, 300)}`);
    const isLogin = /name="login"/.test(html);
    const form = new URLSearchParams(
      isLogin ? { prompt: 'login', login: accountId, password: 'any' } : { prompt: 'consent' },
    );
    const post = await fetch(new URL(action.replaceAll('&amp;', '&'), url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    jar.store(post);
    if (post.status < 300 || post.status >= 400) {
      throw new Error(`provider form answered ${post.status}: ${(await post.text()).slice(0, 300)}`);
    }
    url = new URL(post.headers.get('location') as string, url).href;
  }
  throw new Error('provider flow did not reach the redirect URI');
}

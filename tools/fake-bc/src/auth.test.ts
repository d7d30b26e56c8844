// The fake's sign-in: Entra-style client credentials and the 401s of Business Central's API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, requestToken, startHarness } from './test-support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ tokenLifetimeSeconds: 3600 });
});
afterAll(() => h.close());

describe('token endpoint', () => {
  it('gives a bearer token for the right client, secret and scope', async () => {
    const res = await requestToken(h.bc);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(typeof body.access_token).toBe('string');
  });

  it('answers 401 invalid_client to a wrong secret or an unknown client, without echoing the secret', async () => {
    const forms: Record<string, string>[] = [
      { client_secret: 'wrong-secret' },
      { client_id: 'someone-else' },
    ];
    for (const form of forms) {
      const res = await requestToken(h.bc, form);
      expect(res.status).toBe(401);
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ error: 'invalid_client' });
      expect(text).not.toContain('wrong-secret');
      expect(text).not.toContain(h.bc.clientSecret);
    }
  });

  it('refuses another scope, another grant type and an unknown tenant', async () => {
    expect((await requestToken(h.bc, { scope: 'https://graph.microsoft.com/.default' })).status).toBe(400);
    const grant = await requestToken(h.bc, { grant_type: 'password' });
    expect(await grant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const tenant = await fetch(`${h.bc.authorityUrl}/another-tenant/oauth2/v2.0/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    expect(tenant.status).toBe(400);
  });
});

describe('API calls', () => {
  it('answers 401 in BC’s error shape without a token or with an unknown one', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const res = await fetch(`${h.bc.apiUrl}/companies`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('Authentication_InvalidCredentials');
      expect(body.error.message).toMatch(/CorrelationId/);
    }
  });

  it('takes a token, also on the URL without the tenant', async () => {
    const headers = { authorization: `Bearer ${h.token}` };
    expect((await fetch(`${h.bc.apiUrl}/companies`, { headers })).status).toBe(200);
    const short = `${h.bc.url}/v2.0/${h.bc.environment}/api/v2.0/companies`;
    expect((await fetch(short, { headers })).status).toBe(200);
  });

  it('refuses a token on another tenant’s URL and an unknown environment', async () => {
    const headers = { authorization: `Bearer ${h.token}` };
    expect(
      (await fetch(`${h.bc.url}/v2.0/other-tenant/${h.bc.environment}/api/v2.0/companies`, { headers }))
        .status,
    ).toBe(401);
    const env = await fetch(`${h.bc.url}/v2.0/${h.bc.tenant}/production/api/v2.0/companies`, { headers });
    expect(env.status).toBe(404);
  });

  it('answers 401 once the token expired on the fake’s clock', async () => {
    const { access_token } = (await (await requestToken(h.bc)).json()) as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}` };
    expect((await fetch(`${h.bc.apiUrl}/companies`, { headers })).status).toBe(200);
    await h.ctl('POST', 'clock', { advanceMs: 3601_000 });
    const res = await fetch(`${h.bc.apiUrl}/companies`, { headers });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('Unauthorized');
    // A new token works again.
    const fresh = (await (await requestToken(h.bc)).json()) as { access_token: string };
    expect(
      (
        await fetch(`${h.bc.apiUrl}/companies`, {
          headers: { authorization: `Bearer ${fresh.access_token}` },
        })
      ).status,
    ).toBe(200);
  });

  it('records calls with their headers, the token left out', async () => {
    await h.ctl('DELETE', 'calls');
    await h.api('items?$top=1', { headers: { prefer: 'odata.maxpagesize=1' } });
    const { value } = await h.ctl<{ value: { path: string; headers: Record<string, string> }[] }>(
      'GET',
      'calls?path=items',
    );
    expect(value).toHaveLength(1);
    expect(value[0].headers.prefer).toBe('odata.maxpagesize=1');
    expect(value[0].headers.authorization).toBe('Bearer [token]');
    expect(JSON.stringify(value)).not.toContain(h.token);
  });
});

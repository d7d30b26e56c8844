/**
 * The server's double-submit anti-forgery check: once GET AntiForgery/token has set its cookie, every
 * state-changing call must echo the token in X-XSRF-TOKEN. One token per page load, renewed on refusal.
 */
export const XSRF_HEADER = 'x-xsrf-token';

let token: Promise<string | null> | null = null;

export function antiForgeryToken(renew = false): Promise<string | null> {
  if (!token || renew) {
    token = fetch('/api/v2.0/AntiForgery/token', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    })
      .then((r) => (r.ok ? (r.json() as Promise<{ token: string }>) : null))
      .then((b) => b?.token ?? null)
      .catch(() => null);
  }
  return token;
}

/** A token fetched before the app's code loaded (src/preboot.ts): used until a refusal renews it. */
export function adoptAntiForgeryToken(value: string): void {
  if (!token) token = Promise.resolve(value);
}

/** True when the answer is the anti-forgery refusal (then renew the token and try once more). */
export async function isAntiForgeryRefusal(res: Response): Promise<boolean> {
  if (res.status !== 403) return false;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  return body?.code === 'error.antiforgery';
}

/**
 * One Idempotency-Key per submit attempt (ARCHITECTURE §5), for every wizard that submits a request (order,
 * removal, relocation, transport, complaint): a double click, a retry after a network failure or a reload of
 * the page re-sends the same key, so the server never creates a second request. A changed form is a new
 * attempt with a new key (the server would refuse the old key with another body).
 *
 * `scope` names what is submitted, unique across wizards (the order wizard uses the order list's id).
 */
// named when the order was the only wizard; kept so that an attempt open during a deployment keeps its key
const PREFIX = 'mp.orderAttempt.';

interface Attempt {
  key: string;
  body: string;
}

const memory = new Map<string, Attempt>();

/** The Idempotency-Key header of a line change the offline queue sends (none online: decision 0031). */
export const keyHeader = (idempotencyKey?: string) =>
  idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined;

export function newKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function read(scope: string): Attempt | undefined {
  const inMemory = memory.get(scope);
  if (inMemory) return inMemory;
  try {
    const raw = sessionStorage.getItem(PREFIX + scope);
    if (!raw) return undefined;
    const a = JSON.parse(raw) as Attempt;
    return typeof a.key === 'string' && typeof a.body === 'string' ? a : undefined;
  } catch {
    return undefined;
  }
}

/** The key for sending `body` in `scope`: the same as last time while the body is the same. */
export function attemptKey(scope: string, body: unknown): string {
  const json = JSON.stringify(body);
  const existing = read(scope);
  if (existing && existing.body === json) return existing.key;
  const attempt = { key: newKey(), body: json };
  memory.set(scope, attempt);
  try {
    sessionStorage.setItem(PREFIX + scope, JSON.stringify(attempt));
  } catch {}
  return attempt.key;
}

/** The attempt succeeded: the next submit in this scope is a new attempt. */
export function endAttempt(scope: string): void {
  memory.delete(scope);
  try {
    sessionStorage.removeItem(PREFIX + scope);
  } catch {}
}

/**
 * Submits `body` with the key of this attempt (`send` puts it in the Idempotency-Key header) and ends the
 * attempt when the server accepted it. A failure keeps the attempt: a retry of the same body re-sends the key.
 */
export async function submitIdempotent<B, R>(
  scope: string,
  body: B,
  send: (body: B, idempotencyKey: string) => Promise<R>,
): Promise<R> {
  const result = await send(body, attemptKey(scope, body));
  endAttempt(scope);
  return result;
}

import { useSyncExternalStore } from 'react';

/**
 * Whether the portal can reach its server (issue #36 point 4, decision 0031 "No reception while the phone says
 * online"). `navigator.onLine` is false only when there is certainly no network; with one bar of reception in a
 * basement it stays true while every request fails. So a request that gets no answer at all (shared/api/client.ts),
 * when /health gets none either, marks the server unreachable too: the portal then behaves as offline — the banner,
 * the kept reads, the offline queue — and asks /health with a growing pause until an answer comes (or the browser
 * says it is online again). One source for the banner, the offline reads, the offline queue and TanStack Query.
 */
let reachable = true;
let probe: ReturnType<typeof setTimeout> | null = null;
const FIRST_PROBE_MS = 5_000;
/** How long the first ask of /health after a failed request may take. */
const CONFIRM_MS = 5_000;
const MAX_PROBE_MS = 60_000;
let probeMs = FIRST_PROBE_MS;

export function isOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine && reachable;
}

// why: what follows the browser's online/offline events (TanStack Query, the queue, the kept reads, this module's
// hook) follows an unreachable server the same way, through the same events.
function announce(type: 'online' | 'offline'): void {
  window.dispatchEvent(new Event(type));
}

function stopProbing(): void {
  if (probe) clearTimeout(probe);
  probe = null;
  probeMs = FIRST_PROBE_MS;
}

function probeLater(): void {
  if (probe) return;
  probe = setTimeout(async () => {
    probe = null;
    // the browser's own 'online' event ends this (below); no network at all, nothing to ask
    if (!navigator.onLine) return;
    if (await healthAnswers(CONFIRM_MS)) return markReachable();
    probeMs = Math.min(probeMs * 2, MAX_PROBE_MS);
    probeLater();
  }, probeMs);
}

let confirming: Promise<void> | null = null;
/** Answers the API has had (markReachable): one during the ask of /health settles it. */
let answers = 0;

/** Whether /health answers within `ms` (no answer, or a server error: false). */
async function healthAnswers(ms: number): Promise<boolean> {
  try {
    const res = await fetch('/health', {
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(ms),
    });
    return res.status < 500;
  } catch {
    return false;
  }
}

/**
 * A request got no answer at all: when /health gets none either (no reception), offline until the server answers
 * again. Asked first because one request can fail alone — one a browser extension blocks (page tracking), a
 * connection the network dropped once — and the portal must not go offline for that.
 */
export function markUnreachable(): Promise<void> {
  if (typeof window === 'undefined' || !reachable) return Promise.resolve();
  const before = answers;
  confirming ??= healthAnswers(CONFIRM_MS)
    .then((answered) => {
      // another request got its answer meanwhile: the server is there
      if (answered || answers !== before || !reachable) return;
      reachable = false;
      if (navigator.onLine) announce('offline');
      probeLater();
    })
    .finally(() => {
      confirming = null;
    });
  return confirming;
}

/** The server answered (any status): online again if it was thought unreachable. */
export function markReachable(): void {
  answers += 1;
  if (reachable) return;
  reachable = true;
  stopProbing();
  if (navigator.onLine) announce('online');
}

if (typeof window !== 'undefined') {
  // the browser found a network again: try the server (the next failure marks it unreachable again)
  window.addEventListener('online', () => {
    if (!reachable && navigator.onLine) {
      reachable = true;
      stopProbing();
    }
  });
}

/** Tests: the server reachable again and no probe pending. */
export function resetReachability(): void {
  reachable = true;
  confirming = null;
  stopProbing();
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Re-renders when the browser goes online or offline, or the server stops or starts answering. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/**
 * BC's rate limit (requests per user over a sliding window, 429 with Retry-After past it), on the fake's clock so a
 * test moves past the window instead of waiting.
 */
export class RateLimiter {
  private readonly windows = new Map<string, number[]>();
  private readonly limit: { requests: number; windowMs: number };
  constructor(limit: { requests: number; windowMs: number }) {
    this.limit = limit;
  }
  /** Null when allowed (and counted), else the seconds to wait. */
  take(key: string, now: number): number | null {
    let times = this.windows.get(key);
    if (!times) {
      times = [];
      this.windows.set(key, times);
    }
    while (times.length > 0 && times[0] <= now - this.limit.windowMs) times.shift();
    if (times.length >= this.limit.requests)
      return Math.max(1, Math.ceil((times[0] + this.limit.windowMs - now) / 1000));
    times.push(now);
    return null;
  }
}

/**
 * The fake's clock: the real time plus an offset the control API moves forward (token and subscription expiry,
 * lastModifiedDateTime). `stamp()` never repeats, so records changed one after the other always differ in
 * lastModifiedDateTime and a delta filter `gt` the last one seen never misses or repeats a change.
 */
export interface Clock {
  now(): Date;
  /** An ISO moment later than every one handed out before. */
  stamp(): string;
  advance(ms: number): void;
  set(at: Date): void;
}

export function createClock(start?: Date): Clock {
  let offset = start ? start.getTime() - Date.now() : 0;
  let last = 0;
  return {
    now: () => new Date(Date.now() + offset),
    stamp() {
      const t = Math.max(Date.now() + offset, last + 1);
      last = t;
      return new Date(t).toISOString();
    },
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new Error('the clock only moves forward');
      offset += ms;
    },
    set(at) {
      const ms = at.getTime() - (Date.now() + offset);
      if (ms < 0) throw new Error('the clock only moves forward');
      offset += ms;
    },
  };
}

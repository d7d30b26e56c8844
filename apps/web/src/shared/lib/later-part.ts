import { useEffect, useSyncExternalStore } from 'react';

/**
 * A part of a component its first render does without — a dropdown's code (Mantine's Combobox and Menu with
 * Popover, Transition and Floating UI) — loaded once the browser is idle after the first paint, or at once on a
 * sign of use (pointer over, touch, focus). A page's first bytes and first main-thread work leave it out, and the
 * first open still finds it loaded (issue #36 point 1, decision 0003).
 */
export interface LaterPart<T> {
  /** Loads the part (once; a failed load is tried again on the next call). */
  load(): Promise<T>;
  /** The part when loaded. */
  current(): T | undefined;
  subscribe(listener: () => void): () => void;
}

export function laterPart<T>(load: () => Promise<T>): LaterPart<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  return {
    load() {
      pending ??= load().then(
        (v) => {
          value = v;
          for (const l of listeners) l();
          return v;
        },
        (e: unknown) => {
          pending = undefined;
          throw e;
        },
      );
      return pending;
    },
    current: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The part once it is loaded (undefined before); starts its load when the browser is idle after this render, or
 * at once (`when: 'now'`) for a part that is shown as soon as its component is (a dialog mounted to open).
 */
export function useLaterPart<T>(part: LaterPart<T>, when: 'idle' | 'now' = 'idle'): T | undefined {
  const value = useSyncExternalStore(part.subscribe, part.current, part.current);
  useEffect(() => {
    if (part.current()) return;
    // a failed load (no reception, no cached copy) leaves the plain version; a sign of use tries again
    const start = () => void part.load().catch(() => undefined);
    if (when === 'now') return start();
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(start, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(start, 200);
    return () => clearTimeout(id);
  }, [part, when]);
  return value;
}

/** Event handlers that load the part on a sign of use, for the element the user reaches for first. */
export function loadOnIntent<T>(part: LaterPart<T>) {
  const load = () => void part.load().catch(() => undefined);
  return { onPointerEnter: load, onPointerDown: load, onFocus: load };
}

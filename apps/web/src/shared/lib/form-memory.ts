import type { ErrorKey } from './form-errors';

/** What a wizard keeps of its Gegevens step while the user goes back and forth, and across a reload. */
export interface HeldForm<V, F extends string> {
  values: V;
  /** The Gegevens step was completed (Afronden may show). */
  filled: boolean;
  serverErrors?: Partial<Record<F, ErrorKey>>;
}

/**
 * A wizard's form memory per location (product §4: the saved form comes back when the user returns): in memory
 * and in localStorage, so a reload or a failed submit loses nothing; forgotten after a successful submit.
 */
export function formMemory<V extends object, F extends string>(prefix: string, empty: V) {
  const inMemory = new Map<string, HeldForm<V, F>>();
  const held = (locationNo: string): HeldForm<V, F> | null => {
    const found = inMemory.get(locationNo);
    if (found) return found;
    try {
      const raw = localStorage.getItem(prefix + locationNo);
      if (!raw) return null;
      const parsed = JSON.parse(raw) as HeldForm<V, F>;
      return parsed && typeof parsed === 'object' && parsed.values
        ? { ...parsed, values: { ...empty, ...parsed.values } }
        : null;
    } catch {
      return null;
    }
  };
  const hold = (locationNo: string, change: Partial<HeldForm<V, F>>): void => {
    const next: HeldForm<V, F> = { values: empty, filled: false, ...held(locationNo), ...change };
    inMemory.set(locationNo, next);
    try {
      localStorage.setItem(prefix + locationNo, JSON.stringify({ values: next.values, filled: next.filled }));
    } catch {}
  };
  const forget = (locationNo: string): void => {
    inMemory.delete(locationNo);
    try {
      localStorage.removeItem(prefix + locationNo);
    } catch {}
  };
  /** The memory of one location: what a wizard's steps hold, hold and forget. */
  const at = (locationNo: string) => ({
    held: () => held(locationNo),
    hold: (change: Partial<HeldForm<V, F>>) => hold(locationNo, change),
    forget: () => forget(locationNo),
  });
  return { held, hold, forget, at };
}

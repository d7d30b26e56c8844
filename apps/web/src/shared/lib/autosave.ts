import { useEffect, useRef, useSyncExternalStore } from 'react';

/** Spec §9: order-list (and removal-list) changes are saved 1000 ms after the last edit. */
export const AUTOSAVE_DELAY_MS = 1000;

export type AutosaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/**
 * Collects edits per key and saves them as one batch after a pause. `flush()` saves at once (leaving the
 * page, going on to the wizard); batches never overlap, so a later edit is never overwritten by an earlier
 * answer. A failed batch goes back into the queue (newer edits of the same key win) until the next flush.
 */
export class Autosaver<T> {
  private queue = new Map<string, T>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> = Promise.resolve();
  private active = 0;
  private current: AutosaveState = 'idle';
  private listeners = new Set<() => void>();

  private readonly save: (batch: Map<string, T>) => Promise<void>;
  private readonly delay: number;

  constructor(save: (batch: Map<string, T>) => Promise<void>, delay = AUTOSAVE_DELAY_MS) {
    this.save = save;
    this.delay = delay;
  }

  get state(): AutosaveState {
    return this.current;
  }

  /** Edits waiting for the pause or being saved. */
  get busy(): boolean {
    return this.queue.size > 0 || this.active > 0;
  }

  has(key: string): boolean {
    return this.queue.has(key);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private setState(next: AutosaveState) {
    if (next === this.current) return;
    this.current = next;
    for (const l of [...this.listeners]) l();
  }

  /** Records an edit and (re)starts the pause. */
  schedule(key: string, value: T): void {
    this.queue.set(key, value);
    this.setState('pending');
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.delay);
  }

  /** Forgets a waiting edit (e.g. its line was deleted). */
  drop(key: string): void {
    this.queue.delete(key);
    if (this.queue.size === 0 && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      if (this.active === 0) this.setState('idle');
    }
  }

  /** Saves what is waiting now; resolves when everything sent so far has been answered. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.queue.size === 0) return this.running;
    const batch = this.queue;
    this.queue = new Map();
    this.active++;
    this.setState('saving');
    this.running = this.running.then(async () => {
      try {
        await this.save(batch);
        this.active--;
        this.setState(this.queue.size > 0 ? 'pending' : this.active > 0 ? 'saving' : 'saved');
      } catch {
        this.active--;
        for (const [k, v] of batch) if (!this.queue.has(k)) this.queue.set(k, v);
        this.setState('error');
      }
    });
    return this.running;
  }
}

/**
 * One Autosaver for a component's life: flushed when the component goes away (another route), when the page
 * is hidden (phone switches apps) and before the page unloads (the browser asks to stay while a save is open).
 */
export function useAutosaver<T>(save: (batch: Map<string, T>) => Promise<void>, delay = AUTOSAVE_DELAY_MS) {
  const saveRef = useRef(save);
  saveRef.current = save;
  const ref = useRef<Autosaver<T> | null>(null);
  if (ref.current === null) ref.current = new Autosaver<T>((batch) => saveRef.current(batch), delay);
  const saver = ref.current;

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!saver.busy) return;
      void saver.flush();
      e.preventDefault();
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') void saver.flush();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('visibilitychange', onHide);
      void saver.flush();
    };
  }, [saver]);

  const state = useSyncExternalStore(saver.subscribe, () => saver.state);
  return { saver, state };
}

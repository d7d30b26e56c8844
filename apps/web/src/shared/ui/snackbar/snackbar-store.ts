import { createStore } from '../../lib/store';

/** Snackbars (product §9): 4000 ms each, shown one after another. */
export const SNACKBAR_DURATION_MS = 4000;

export type SnackbarKind = 'success' | 'info' | 'warning' | 'danger';

export interface Snackbar {
  id: number;
  kind: SnackbarKind;
  /** A translation key (spec keys such as info.token_verlopen) … */
  key?: string;
  params?: Record<string, string | number>;
  /** … or a ready text (e.g. the server's message when its code is unknown here). */
  text?: string;
}

interface QueueState {
  current: Snackbar | null;
  queue: Snackbar[];
}

export const snackbarStore = createStore<QueueState>({ current: null, queue: [] });

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | null = null;

function startTimer() {
  if (timer) clearTimeout(timer);
  timer = setTimeout(dismissSnackbar, SNACKBAR_DURATION_MS);
}

export function showSnackbar(input: Omit<Snackbar, 'id'>): number {
  const item: Snackbar = { ...input, id: nextId++ };
  const state = snackbarStore.get();
  // the same message already showing or waiting is not queued twice
  const same = (s: Snackbar | null) =>
    s !== null && s.key === item.key && s.text === item.text && s.kind === item.kind;
  if (same(state.current) || state.queue.some(same)) return item.id;
  if (state.current === null) {
    snackbarStore.set({ current: item, queue: [] });
    startTimer();
  } else {
    snackbarStore.set({ ...state, queue: [...state.queue, item] });
  }
  return item.id;
}

/** Closes the current snackbar; the next one in line shows for its own 4000 ms. */
export function dismissSnackbar(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  const { queue } = snackbarStore.get();
  const [next, ...rest] = queue;
  snackbarStore.set({ current: next ?? null, queue: rest });
  if (next) startTimer();
}

export function resetSnackbars(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  snackbarStore.set({ current: null, queue: [] });
}

export const snackbar = {
  success: (key: string, params?: Snackbar['params']) => showSnackbar({ kind: 'success', key, params }),
  info: (key: string, params?: Snackbar['params']) => showSnackbar({ kind: 'info', key, params }),
  warning: (key: string, params?: Snackbar['params']) => showSnackbar({ kind: 'warning', key, params }),
  danger: (key: string, params?: Snackbar['params']) => showSnackbar({ kind: 'danger', key, params }),
  /**
   * An error from the API: its code translated here, the server's message when the code is unknown. Anything
   * else (a bug, a lost connection) shows `fallbackKey`, never a raw exception text.
   */
  error: (error: unknown, fallbackKey = 'error.algemene_error') => {
    const e = error as { code?: unknown; message?: unknown };
    if (typeof e?.code !== 'string') return showSnackbar({ kind: 'danger', key: fallbackKey });
    return showSnackbar({
      kind: 'danger',
      key: e.code,
      text: typeof e.message === 'string' ? e.message : undefined,
    });
  },
};

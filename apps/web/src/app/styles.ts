// The complete Mantine styles load after the first screen (see ./styles-critical.ts for that screen's subset).

let loaded: Promise<unknown> | null = null;

/** Loads the complete Mantine styles once; pages other than the landing pages wait for them. */
export function loadAllStyles(): Promise<unknown> {
  loaded ??= import('./styles-all').catch((e) => {
    loaded = null;
    throw e;
  });
  return loaded;
}

/** What src/preboot.ts started before the app's code loaded (each answer taken at most once). */
interface PrebootState {
  identity?: Promise<unknown>;
  translations?: { locale: string; texts: Promise<Record<string, string> | null> };
  settings?: Promise<unknown>;
  /** A stored session's renewal, started before the app's code loaded (src/preboot.ts). */
  session?: Promise<PrebootSession | null>;
}

export interface PrebootSession {
  status: number;
  body: unknown;
  xsrf: string;
  /** The renewed user's settings (GET Settings/all with the new token), or null. */
  settings: Promise<unknown> | null;
}

function state(): PrebootState | undefined {
  return (window as unknown as { __mpPreboot?: PrebootState }).__mpPreboot;
}

/** Takes one prepared answer; null when there is none (or it failed): then the caller asks the server itself. */
export async function takePreboot<K extends keyof PrebootState>(
  key: K,
): Promise<Awaited<NonNullable<PrebootState[K]>> | null> {
  const s = state();
  const value = s?.[key];
  if (!s || value === undefined) return null;
  delete s[key];
  return ((await value) ?? null) as Awaited<NonNullable<PrebootState[K]>> | null;
}

/** The prepared texts, when they are for this locale. */
export async function takePrebootTranslations(locale: string): Promise<Record<string, string> | null> {
  const s = state();
  if (!s?.translations || s.translations.locale !== locale) return null;
  const { texts } = s.translations;
  delete s.translations;
  return texts;
}

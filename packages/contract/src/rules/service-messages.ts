/**
 * Service-message toasts (product §2 Shell): shown once per locale per day until viewed; after the
 * sequence ends every shown message is marked viewed.
 */

export interface ServiceMessageDisplayState {
  /** Ids of messages the user has viewed (kept in local storage). */
  viewedIds: readonly string[];
  /** Per locale, the day (YYYY-MM-DD, local time) the sequence was last shown. */
  lastShownDay: Readonly<Record<string, string>>;
}

/** The local calendar day as YYYY-MM-DD. */
export function localDay(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The messages to show now: none when already shown today for this locale, else the unviewed ones. */
export function serviceMessagesToShow<T extends { id: string }>(
  messages: readonly T[],
  state: ServiceMessageDisplayState,
  locale: string,
  today: string,
): T[] {
  if (state.lastShownDay[locale] === today) return [];
  const viewed = new Set(state.viewedIds);
  return messages.filter((m) => !viewed.has(m.id));
}

/** State after the sequence started (remember the day) … */
export function markShown(
  state: ServiceMessageDisplayState,
  locale: string,
  today: string,
): ServiceMessageDisplayState {
  return { ...state, lastShownDay: { ...state.lastShownDay, [locale]: today } };
}

/** … and after it ended (every shown message viewed; the list is capped so storage stays small). */
export function markViewed(
  state: ServiceMessageDisplayState,
  ids: readonly string[],
  cap = 200,
): ServiceMessageDisplayState {
  const merged = [...new Set([...ids, ...state.viewedIds])].slice(0, cap);
  return { ...state, viewedIds: merged };
}

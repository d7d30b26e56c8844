import type { LocationWithRoleJson } from '../../platform/auth/access.ts';
import type { AddContext, LineRow } from './order-lists.queries.ts';

/**
 * Adding item lines in ONE statement when this process added to the list before (docs/decisions/0011,
 * "Update (issue #34)"): the add's context (the list, its lines, the location with the user's role) is kept
 * per process after each add, and the next add to the same list decides on it and writes in one statement
 * that writes only while everything the decision used is still so — the list row at the version kept (every
 * writer of lines changes it: 0011), as many lines as kept (a line that went with its item, by cascade,
 * does not touch the list row) and the location with the user's role exactly as kept (so the access
 * decision taken on the kept one is the one a fresh read would take). Otherwise nothing is written and
 * the caller reads everything again (the two-statement path). The statement is writeAddedLines with `kept`
 * (order-lists.add.queries.ts). Lists with sets are not kept (their set rows
 * are catalogue data). Nothing here is shared between processes: another process's write changes the version.
 */

export interface KeptAddContext {
  location: LocationWithRoleJson;
  list: NonNullable<AddContext['list']>;
  lines: LineRow[];
}

/** Lines kept at most over all lists (the oldest list goes first): about 200 bytes each, ≤ 20 MB. */
const MAX_KEPT_LINES = 100_000;
const kept = new Map<string, KeptAddContext>();
let keptLines = 0;

const keyOf = (listId: string, locationNo: string, userId: string) => `${listId}|${locationNo}|${userId}`;

export function keptAddContext(listId: string, locationNo: string, userId: string): KeptAddContext | null {
  return kept.get(keyOf(listId, locationNo, userId)) ?? null;
}

export function keepAddContext(locationNo: string, userId: string, context: KeptAddContext): void {
  const key = keyOf(context.list.id, locationNo, userId);
  forget(key);
  if (context.lines.some((l) => l.kind !== 'item' || l.setId !== null)) return;
  while (kept.size > 0 && keptLines + context.lines.length > MAX_KEPT_LINES)
    forget(kept.keys().next().value as string);
  kept.set(key, context);
  keptLines += context.lines.length;
}

export function forgetAddContext(listId: string, locationNo: string, userId: string): void {
  forget(keyOf(listId, locationNo, userId));
}

function forget(key: string): void {
  const k = kept.get(key);
  if (!k) return;
  keptLines -= k.lines.length;
  kept.delete(key);
}

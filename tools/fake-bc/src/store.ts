import { randomUUID } from 'node:crypto';
import type { Clock } from './clock.ts';
import type { EntityDef } from './entity-types.ts';

/**
 * The fake's data: one collection per entity set, each kept in its default order (the set's key, then id) so a
 * page is a binary search and a short walk, never a sort of the whole set. Every change gets a new version (the
 * ETag) and a new lastModifiedDateTime, touches a line's header (BC's document aggregates do), records a deletion
 * in deletedRecords, and is reported to the listeners (webhooks) — after the transaction it belongs to commits.
 */

export interface Entry {
  id: string;
  data: Record<string, unknown>;
  /** Raised on every change: the ETag is made from it. */
  version: number;
  sortKey: string;
}

export type ChangeType = 'created' | 'updated' | 'deleted';

export interface Change {
  set: string;
  id: string;
  changeType: ChangeType;
  at: string;
}

const SEP = '\u0001';

function keyPart(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return (value < 0 ? '-' : '') + String(Math.abs(value)).padStart(15, '0');
  return String(value);
}

export function sortKeyOf(def: EntityDef, data: Record<string, unknown>, id: string): string {
  return `${def.key.map((k) => keyPart(data[k])).join(SEP)}${SEP}${id}`;
}

/** The first position whose key is not below `key`. */
export function lowerBound(entries: readonly Entry[], key: string): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid].sortKey < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class Collection {
  readonly def: EntityDef;
  readonly entries: Entry[] = [];
  readonly byId = new Map<string, Entry>();
  /** value → id for every unique field. */
  readonly unique = new Map<string, Map<string, string>>();
  /** value → records for the fields that name a header or an expanded record's parent (documentId, itemId). */
  readonly refs = new Map<string, Map<string, Entry[]>>();

  constructor(def: EntityDef, refFields: readonly string[]) {
    this.def = def;
    for (const [name, field] of Object.entries(def.fields))
      if (field.unique) this.unique.set(name, new Map());
    for (const name of refFields) this.refs.set(name, new Map());
  }

  /** The records whose `field` is `value`, in the collection's order. */
  having(field: string, value: string): Entry[] {
    const index = this.refs.get(field);
    const found = index ? [...(index.get(value) ?? [])] : this.entries.filter((e) => e.data[field] === value);
    return found.sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  }

  find(field: string, value: unknown): Entry | undefined {
    if (field === 'id') return this.byId.get(String(value));
    const index = this.unique.get(field);
    if (index) {
      const id = index.get(String(value));
      return id ? this.byId.get(id) : undefined;
    }
    return this.entries.find((e) => e.data[field] === value);
  }

  place(entry: Entry, inOrder = true): void {
    if (inOrder) this.entries.splice(lowerBound(this.entries, entry.sortKey), 0, entry);
    else this.entries.push(entry);
    this.byId.set(entry.id, entry);
    for (const [field, index] of this.unique) {
      const v = entry.data[field];
      if (v !== null && v !== undefined && v !== '') index.set(String(v), entry.id);
    }
    for (const [field, index] of this.refs) {
      const v = entry.data[field];
      if (typeof v !== 'string') continue;
      const list = index.get(v);
      if (list) list.push(entry);
      else index.set(v, [entry]);
    }
  }

  unplace(entry: Entry): void {
    const at = lowerBound(this.entries, entry.sortKey);
    if (this.entries[at] === entry) this.entries.splice(at, 1);
    else this.entries.splice(this.entries.indexOf(entry), 1);
    this.byId.delete(entry.id);
    for (const [field, index] of this.unique) {
      const v = entry.data[field];
      if (v !== null && v !== undefined && index.get(String(v)) === entry.id) index.delete(String(v));
    }
    for (const [field, index] of this.refs) {
      const v = entry.data[field];
      const list = typeof v === 'string' ? index.get(v) : undefined;
      if (!list) continue;
      const at = list.indexOf(entry);
      if (at >= 0) list.splice(at, 1);
      if (list.length === 0) index.delete(v as string);
    }
  }
}

export class Store {
  readonly collections = new Map<string, Collection>();
  private version = 0;
  private journal: (() => void)[] | null = null;
  private pending: Change[] = [];
  private readonly listeners: ((changes: Change[]) => void)[] = [];
  readonly clock: Clock;

  constructor(defs: readonly EntityDef[], clock: Clock) {
    this.clock = clock;
    const refFields = new Map<string, Set<string>>();
    const need = (set: string, field: string) => {
      if (!refFields.has(set)) refFields.set(set, new Set());
      refFields.get(set)!.add(field);
    };
    for (const def of defs) {
      if (def.parent) need(def.set, def.parent.field);
      for (const nav of Object.values(def.expand ?? {})) need(nav.set, nav.field);
    }
    for (const def of defs)
      this.collections.set(def.set, new Collection(def, [...(refFields.get(def.set) ?? [])]));
  }

  collection(set: string): Collection {
    const c = this.collections.get(set);
    if (!c) throw new Error(`unknown entity set ${set}`);
    return c;
  }

  get(set: string, id: string): Entry | undefined {
    return this.collection(set).byId.get(id);
  }

  onChange(listener: (changes: Change[]) => void): void {
    this.listeners.push(listener);
  }

  /** Empties every collection (a new seed); no notifications. */
  clear(): void {
    for (const c of this.collections.values()) {
      c.entries.length = 0;
      c.byId.clear();
      for (const index of c.unique.values()) index.clear();
      for (const index of c.refs.values()) index.clear();
    }
  }

  /**
   * Adds a seeded record as it is (its lastModifiedDateTime given), without notifications. Loaded records are put in
   * order by `loaded()`, once, instead of one insertion at a time (a scale-100 catalogue has 500,000 records).
   */
  load(set: string, data: Record<string, unknown>): Entry {
    const c = this.collection(set);
    const id = String(data.id);
    const entry: Entry = { id, data, version: ++this.version, sortKey: sortKeyOf(c.def, data, id) };
    c.place(entry, false);
    return entry;
  }

  loaded(): void {
    for (const c of this.collections.values())
      c.entries.sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  }

  insert(set: string, data: Record<string, unknown>): Entry {
    const c = this.collection(set);
    const id = typeof data.id === 'string' && data.id ? data.id : randomUUID();
    const at = this.clock.stamp();
    const full: Record<string, unknown> = { ...data, id };
    if ('lastModifiedDateTime' in c.def.fields) full.lastModifiedDateTime = at;
    const entry: Entry = { id, data: full, version: ++this.version, sortKey: sortKeyOf(c.def, full, id) };
    c.place(entry);
    this.undo(() => c.unplace(entry));
    this.changed({ set, id, changeType: 'created', at });
    this.touchParent(c.def, full, at);
    return entry;
  }

  update(set: string, id: string, patch: Record<string, unknown>): Entry {
    const c = this.collection(set);
    const entry = c.byId.get(id);
    if (!entry) throw new Error(`no ${set}(${id})`);
    const before = { data: entry.data, version: entry.version, sortKey: entry.sortKey };
    const at = this.clock.stamp();
    const data: Record<string, unknown> = { ...entry.data, ...patch, id };
    if ('lastModifiedDateTime' in c.def.fields) data.lastModifiedDateTime = at;
    c.unplace(entry);
    entry.data = data;
    entry.version = ++this.version;
    entry.sortKey = sortKeyOf(c.def, data, id);
    c.place(entry);
    this.undo(() => {
      c.unplace(entry);
      Object.assign(entry, before);
      c.place(entry);
    });
    this.changed({ set, id, changeType: 'updated', at });
    this.touchParent(c.def, data, at);
    return entry;
  }

  remove(set: string, id: string): void {
    const c = this.collection(set);
    const entry = c.byId.get(id);
    if (!entry) return;
    // A header takes its lines with it.
    for (const child of this.collections.values()) {
      const parent = child.def.parent;
      if (!parent || parent.set !== set) continue;
      for (const line of child.having(parent.field, id)) this.remove(child.def.set, line.id);
    }
    const at = this.clock.stamp();
    c.unplace(entry);
    this.undo(() => c.place(entry));
    this.changed({ set, id, changeType: 'deleted', at });
    if (set !== 'deletedRecords' && this.collections.has('deletedRecords'))
      this.insert('deletedRecords', { entityName: set, systemId: id, deletedAt: at });
    this.touchParent(c.def, entry.data, at);
  }

  /** Runs `fn`; a throw undoes every change it made and drops its notifications. */
  transaction<T>(fn: () => T): T {
    if (this.journal) return fn();
    this.journal = [];
    const pendingBefore = this.pending.length;
    try {
      const result = fn();
      this.journal = null;
      this.flush();
      return result;
    } catch (e) {
      const undo = this.journal ?? [];
      this.journal = null;
      for (let i = undo.length - 1; i >= 0; i--) undo[i]();
      this.pending.length = pendingBefore;
      throw e;
    }
  }

  etag(entry: Entry): string {
    const v = String(entry.version);
    return `W/"${Buffer.from(`'${v.length};${v};00;'`).toString('base64')}"`;
  }

  private touchParent(def: EntityDef, data: Record<string, unknown>, at: string): void {
    if (!def.parent) return;
    const parentId = data[def.parent.field];
    const pc = this.collections.get(def.parent.set);
    const parent = typeof parentId === 'string' ? pc?.byId.get(parentId) : undefined;
    if (!pc || !parent) return;
    const before = { data: parent.data, version: parent.version };
    parent.data = { ...parent.data };
    if ('lastModifiedDateTime' in pc.def.fields) parent.data.lastModifiedDateTime = at;
    parent.version = ++this.version;
    this.undo(() => Object.assign(parent, before));
    this.changed({ set: pc.def.set, id: parent.id, changeType: 'updated', at });
  }

  private undo(step: () => void): void {
    this.journal?.push(step);
  }

  private changed(change: Change): void {
    this.pending.push(change);
    if (!this.journal) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const changes = this.pending;
    this.pending = [];
    for (const l of this.listeners) l(changes);
  }
}

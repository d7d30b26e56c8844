import type { EntityDef } from './entity-types.ts';
import { BcError } from './http-util.ts';
import { compileFilter, type Predicate, unknownProperty } from './odata-filter.ts';
import { type Entry, lowerBound } from './store.ts';

/**
 * The query options of a collection read ($filter, $select, $expand with nested $select / $filter / $orderby,
 * $orderby, $top, $skip, $count, $skiptoken) and server-driven paging: a page holds at most the page size, and
 * the next one is asked with the `$skiptoken` of @odata.nextLink, which names the last record returned (its place
 * in the order), not an offset: records added or removed meanwhile neither repeat nor go missing.
 */

export interface OrderBy {
  field: string;
  desc: boolean;
}

export interface ExpandOption {
  name: string;
  set: string;
  field: string;
  query: Query;
}

export interface Query {
  filter?: Predicate;
  select?: string[];
  expand: ExpandOption[];
  orderby: OrderBy[];
  top?: number;
  skip: number;
  count: boolean;
  token?: SkipToken;
}

interface SkipToken {
  /** Default order: the last record's sort key. Other orders: its values of the $orderby fields, then its key. */
  k: string | unknown[];
  /** Records returned so far (for $top). */
  n: number;
}

const KNOWN = new Set(['$filter', '$select', '$expand', '$orderby', '$top', '$skip', '$count', '$skiptoken']);
const IGNORED = new Set(['$format', '$schemaversion']);

function nonNegativeInt(name: string, value: string): number {
  if (!/^\d+$/.test(value))
    throw new BcError(400, 'BadRequest', `Invalid value '${value}' for $${name} query option found.`);
  return Number(value);
}

function checkField(def: EntityDef, name: string): string {
  if (!def.fields[name]) throw unknownProperty(def, name);
  return name;
}

/** Splits on `sep` outside parentheses. */
function splitTop(text: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === sep && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter((s) => s.length > 0);
}

function parseOrderBy(def: EntityDef, text: string): OrderBy[] {
  return splitTop(text, ',').map((part) => {
    const [field, dir, ...rest] = part.split(/\s+/);
    if (rest.length > 0 || (dir && dir !== 'asc' && dir !== 'desc'))
      throw new BcError(400, 'BadRequest', `Syntax error in $orderby: '${part}'.`);
    return { field: checkField(def, field), desc: dir === 'desc' };
  });
}

export function parseQuery(
  defs: Map<string, EntityDef>,
  def: EntityDef,
  params: Iterable<[string, string]>,
  nested = false,
): Query {
  const q: Query = { expand: [], orderby: [], skip: 0, count: false };
  for (const [name, value] of params) {
    if (!name.startsWith('$') || IGNORED.has(name)) continue;
    if (!KNOWN.has(name) || (nested && !['$select', '$filter', '$orderby', '$expand'].includes(name)))
      throw new BcError(400, 'BadRequest', `The query parameter '${name}' is not supported.`);
    switch (name) {
      case '$filter':
        q.filter = compileFilter(def, value);
        break;
      case '$select':
        q.select = value.trim() === '*' ? undefined : splitTop(value, ',').map((s) => checkField(def, s));
        break;
      case '$orderby':
        q.orderby = parseOrderBy(def, value);
        break;
      case '$top':
        q.top = nonNegativeInt('top', value);
        break;
      case '$skip':
        q.skip = nonNegativeInt('skip', value);
        break;
      case '$count':
        if (value !== 'true' && value !== 'false')
          throw new BcError(400, 'BadRequest', `'${value}' is not a valid count option.`);
        q.count = value === 'true';
        break;
      case '$skiptoken':
        q.token = decodeToken(value);
        break;
      case '$expand':
        q.expand = splitTop(value, ',').map((item) => parseExpand(defs, def, item));
        break;
    }
  }
  return q;
}

function parseExpand(defs: Map<string, EntityDef>, def: EntityDef, item: string): ExpandOption {
  const open = item.indexOf('(');
  const name = (open < 0 ? item : item.slice(0, open)).trim();
  const nav = def.expand?.[name];
  if (!nav) throw unknownProperty(def, name);
  const childDef = defs.get(nav.set)!;
  let query: Query = { expand: [], orderby: [], skip: 0, count: false };
  if (open >= 0) {
    if (!item.endsWith(')')) throw new BcError(400, 'BadRequest', `Syntax error in $expand: '${item}'.`);
    const inner = item.slice(open + 1, -1);
    const pairs = splitTop(inner, ';').map((p): [string, string] => {
      const eq = p.indexOf('=');
      if (eq < 0) throw new BcError(400, 'BadRequest', `Syntax error in $expand: '${item}'.`);
      return [p.slice(0, eq).trim(), p.slice(eq + 1).trim()];
    });
    query = parseQuery(defs, childDef, pairs, true);
  }
  return { name, set: nav.set, field: nav.field, query };
}

export function encodeToken(token: SkipToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeToken(value: string): SkipToken {
  try {
    const t = JSON.parse(Buffer.from(value.replace(/^'|'$/g, ''), 'base64url').toString('utf8')) as SkipToken;
    if (typeof t.n !== 'number' || (typeof t.k !== 'string' && !Array.isArray(t.k))) throw new Error('shape');
    return t;
  } catch {
    throw new BcError(400, 'BadRequest', 'The $skiptoken is not valid.');
  }
}

export interface Page {
  records: Entry[];
  /** The $skiptoken of the next page, when there is one. */
  next?: string;
  count?: number;
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return -1;
  if (b === null || b === undefined || b === '') return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a).toLowerCase();
  const y = String(b).toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Default order: the collection's own (its key), ascending. */
function isDefaultOrder(def: EntityDef, orderby: OrderBy[]): boolean {
  if (orderby.length === 0) return true;
  return orderby.every((o, i) => !o.desc && def.key[i] === o.field);
}

/**
 * One page of `entries` (a collection, or the records of one header: always in the collection's order) under `q`.
 * At most `pageSize` records, walked in order from the token; a filtered read walks until the page is full.
 */
export function readPage(def: EntityDef, entries: readonly Entry[], q: Query, pageSize: number): Page {
  const matches = (e: Entry) => !q.filter || q.filter(e.data);
  const returned = q.token?.n ?? 0;
  const top = q.top ?? Number.POSITIVE_INFINITY;
  const limit = Math.min(pageSize, Math.max(0, top - returned));
  const page: Page = { records: [] };
  if (q.count) {
    let n = 0;
    for (const e of entries) if (matches(e)) n++;
    page.count = n;
  }

  if (isDefaultOrder(def, q.orderby)) {
    let i = 0;
    if (typeof q.token?.k === 'string') {
      i = lowerBound(entries, q.token.k);
      if (entries[i]?.sortKey === q.token.k) i++;
    }
    let toSkip = q.token ? 0 : q.skip;
    for (; i < entries.length && page.records.length < limit; i++) {
      const e = entries[i];
      if (!matches(e)) continue;
      if (toSkip > 0) {
        toSkip--;
        continue;
      }
      page.records.push(e);
    }
    const last = page.records.at(-1);
    if (last && page.records.length === limit && returned + limit < top) {
      // A next page only if another matching record follows.
      for (; i < entries.length; i++) {
        if (matches(entries[i])) {
          page.next = encodeToken({ k: last.sortKey, n: returned + page.records.length });
          break;
        }
      }
    }
    return page;
  }

  // Another order: sort the matching records (the slow path; docs/erp/business-central.md says so).
  const tuple = (e: Entry): unknown[] => [...q.orderby.map((o) => e.data[o.field]), e.sortKey];
  const cmp = (a: unknown[], b: unknown[]) => {
    for (let j = 0; j < q.orderby.length; j++) {
      const c = compareValues(a[j], b[j]);
      if (c !== 0) return q.orderby[j].desc ? -c : c;
    }
    return compareValues(a.at(-1), b.at(-1));
  };
  const all = entries.filter(matches).sort((a, b) => cmp(tuple(a), tuple(b)));
  let i = q.token ? 0 : q.skip;
  if (Array.isArray(q.token?.k)) {
    const k = q.token.k;
    while (i < all.length && cmp(tuple(all[i]), k) <= 0) i++;
  }
  page.records = all.slice(i, i + limit);
  const last = page.records.at(-1);
  if (last && i + limit < all.length && returned + limit < top)
    page.next = encodeToken({ k: tuple(last), n: returned + page.records.length });
  return page;
}

/** All of `entries` under a nested ($expand) query: filtered and ordered, no paging. */
export function readAll(def: EntityDef, entries: readonly Entry[], q: Query): Entry[] {
  return readPage(
    def,
    entries,
    { ...q, top: undefined, skip: 0, count: false, token: undefined },
    Number.POSITIVE_INFINITY,
  ).records;
}

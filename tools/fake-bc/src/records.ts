import type { EntityDef, FieldDef, FieldType } from './entity-types.ts';
import { BcError } from './http-util.ts';
import { type ExpandOption, type Query, readAll } from './odata-query.ts';
import type { Entry, Store } from './store.ts';

/**
 * Records in and out: a record as JSON (BC's empty values for what is not set, the ETag, $select, $expand) and
 * the rules of a write — types, enums, read-only fields, required fields, references to other records (numbers
 * and codes), unique numbers, a set's own check, line sequences, number series and the amounts of a sales line —
 * shared by the API and the control API (which writes as the ERP itself and may set read-only fields).
 */

const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';
const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const EDM: Record<FieldType, string> = {
  guid: 'Edm.Guid',
  string: 'Edm.String',
  enum: 'Edm.String',
  int: 'Edm.Int32',
  decimal: 'Edm.Decimal',
  boolean: 'Edm.Boolean',
  date: 'Edm.Date',
  datetime: 'Edm.DateTimeOffset',
};

function emptyOf(type: FieldType): unknown {
  switch (type) {
    case 'int':
    case 'decimal':
      return 0;
    case 'boolean':
      return false;
    case 'date':
      return '0001-01-01';
    case 'datetime':
      return '0001-01-01T00:00:00Z';
    case 'guid':
      return EMPTY_GUID;
    default:
      return '';
  }
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || v === EMPTY_GUID;
}

export class Records {
  readonly store: Store;
  readonly defs: Map<string, EntityDef>;
  private readonly series = new Map<string, number>();

  constructor(store: Store, defs: Map<string, EntityDef>) {
    this.store = store;
    this.defs = defs;
  }

  /** A new seed: number series count again from what is there. */
  reset(): void {
    this.series.clear();
  }

  def(set: string): EntityDef {
    const d = this.defs.get(set);
    if (!d) throw new Error(`unknown entity set ${set}`);
    return d;
  }

  /** A record as the API shows it. */
  json(def: EntityDef, entry: Entry, q?: Pick<Query, 'select' | 'expand'>): Record<string, unknown> {
    const out: Record<string, unknown> = { '@odata.etag': this.store.etag(entry) };
    const names = q?.select ?? Object.keys(def.fields);
    for (const name of names) {
      const v = entry.data[name];
      out[name] = v === null || v === undefined ? emptyOf(def.fields[name].type) : v;
    }
    for (const ex of q?.expand ?? []) out[ex.name] = this.expanded(entry, ex);
    return out;
  }

  private expanded(entry: Entry, ex: ExpandOption): Record<string, unknown>[] {
    const childDef = this.def(ex.set);
    const children = this.store.collection(ex.set).having(ex.field, entry.id);
    return readAll(childDef, children, ex.query).map((c) => this.json(childDef, c, ex.query));
  }

  /**
   * A create. `scope` is the header a line is created under; `asErp` lets the control API set read-only fields.
   * Deep insert: a navigation of the set (a document's lines) given as an array creates those too.
   */
  create(
    set: string,
    body: unknown,
    options: { scope?: { field: string; value: string }; asErp?: boolean } = {},
  ): Entry {
    const def = this.def(set);
    const { values, nested } = this.clean(def, body, { asErp: options.asErp ?? false, create: true });
    const data: Record<string, unknown> = { ...(def.defaults ?? {}), ...values };
    if (options.scope) {
      const given = values[options.scope.field];
      if (given !== undefined && given !== options.scope.value)
        throw new BcError(
          400,
          'BadRequest',
          `The ${options.scope.field} does not match the document in the URL.`,
        );
      data[options.scope.field] = options.scope.value;
    }
    if (def.parent) {
      const header = this.store.get(def.parent.set, String(data[def.parent.field] ?? ''));
      if (!header)
        throw new BcError(
          404,
          'Internal_RecordNotFound',
          `The ${this.def(def.parent.set).type} does not exist. Identification fields and values: Id='${data[def.parent.field] ?? ''}'`,
        );
      if ('sequence' in def.fields && isEmpty(data.sequence)) {
        const siblings = this.store.collection(set).having(def.parent.field, header.id);
        data.sequence = siblings.reduce((m, e) => Math.max(m, Number(e.data.sequence ?? 0)), 0) + 10000;
      }
    }
    if (def.numberSeries && isEmpty(data[def.numberSeries.field]))
      data[def.numberSeries.field] = this.nextNumber(def);
    if ('createdAt' in def.fields) data.createdAt = this.store.clock.now().toISOString();
    this.complete(def, data, undefined, options.asErp ?? false);
    const entry = this.store.insert(set, data);
    for (const [nav, rows] of Object.entries(nested)) {
      const link = def.expand![nav];
      for (const row of rows)
        this.create(link.set, row, { scope: { field: link.field, value: entry.id }, asErp: options.asErp });
    }
    this.linesChanged(def, data);
    return this.store.get(set, entry.id)!;
  }

  update(set: string, entry: Entry, body: unknown, options: { asErp?: boolean } = {}): Entry {
    const def = this.def(set);
    const { values } = this.clean(def, body, { asErp: options.asErp ?? false, create: false });
    if (
      def.parent &&
      values[def.parent.field] !== undefined &&
      values[def.parent.field] !== entry.data[def.parent.field]
    )
      throw new BcError(400, 'BadRequest', `The ${def.parent.field} of a line cannot be changed.`);
    const data = { ...entry.data, ...values };
    this.complete(def, data, entry, options.asErp ?? false);
    const updated = this.store.update(set, entry.id, data);
    this.linesChanged(def, data);
    return updated;
  }

  remove(set: string, entry: Entry): void {
    const def = this.def(set);
    this.store.remove(set, entry.id);
    this.linesChanged(def, entry.data);
  }

  /** References, required and unique fields, the set's own check (a client's write only) and computed fields. */
  private complete(
    def: EntityDef,
    data: Record<string, unknown>,
    prev: Entry | undefined,
    asErp: boolean,
  ): void {
    for (const l of def.lookups ?? []) {
      if (prev && data[l.from] === prev.data[l.from] && prev.data[l.to] !== undefined) continue;
      const source = isEmpty(data[l.from])
        ? undefined
        : this.store.collection(l.set).find(l.by, data[l.from]);
      data[l.to] = source ? (source.data[l.take] ?? (l.take === 'id' ? source.id : null)) : null;
    }
    for (const [name, field] of Object.entries(def.fields)) {
      if (field.required && isEmpty(data[name]))
        throw new BcError(400, 'BadRequest', `The field '${name}' of ${def.type} must have a value.`);
      const changed = !prev || data[name] !== prev.data[name];
      if (!changed || isEmpty(data[name])) continue;
      if (field.refers && !this.store.collection(field.refers.set).find(field.refers.field, data[name]))
        throw new BcError(
          400,
          'Internal_RecordNotFound',
          `The ${field.refers.label} does not exist. Identification fields and values: ${field.refers.field}='${data[name]}'`,
        );
      if (field.unique) {
        const other = this.store.collection(def.set).find(name, data[name]);
        if (other && other.id !== prev?.id)
          throw new BcError(
            409,
            'Internal_EntityWithSameKeyExists',
            `The record in table ${def.type} already exists. Identification fields and values: ${name}='${data[name]}'`,
          );
      }
    }
    const refused = asErp ? null : def.validate?.(data, prev?.data);
    if (refused) throw new BcError(400, 'BadRequest', refused);
    def.derive?.(data);
  }

  /** A sales document's totals follow its lines. */
  private linesChanged(def: EntityDef, line: Record<string, unknown>): void {
    if (!def.parent || !def.derive) return;
    const headerDef = this.def(def.parent.set);
    const header = this.store.get(headerDef.set, String(line[def.parent.field]));
    if (!header || !('totalAmountExcludingTax' in headerDef.fields)) return;
    const lines = this.store.collection(def.set).having(def.parent.field, header.id);
    const sum = (f: string) => Math.round(lines.reduce((s, e) => s + Number(e.data[f] ?? 0), 0) * 100) / 100;
    const totals: Record<string, unknown> = {
      totalAmountExcludingTax: sum('amountExcludingTax'),
      totalTaxAmount: sum('totalTaxAmount'),
      totalAmountIncludingTax: sum('amountIncludingTax'),
    };
    if ('remainingAmount' in headerDef.fields)
      totals.remainingAmount = header.data.status === 'Paid' ? 0 : totals.totalAmountIncludingTax;
    this.store.update(headerDef.set, header.id, totals);
  }

  private nextNumber(def: EntityDef): string {
    const s = def.numberSeries!;
    let n = this.series.get(def.set);
    if (n === undefined) {
      n = 0;
      for (const key of this.store.collection(def.set).unique.get(s.field)?.keys() ?? []) {
        if (!key.startsWith(s.prefix)) continue;
        const x = Number(key.slice(s.prefix.length));
        if (Number.isInteger(x) && x > n) n = x;
      }
    }
    n++;
    this.series.set(def.set, n);
    return `${s.prefix}${String(n).padStart(s.width, '0')}`;
  }

  /** A write's body checked against the set's fields; `nested`: a create's deep-inserted lines. */
  private clean(
    def: EntityDef,
    body: unknown,
    how: { asErp: boolean; create: boolean },
  ): { values: Record<string, unknown>; nested: Record<string, unknown[]> } {
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw new BcError(400, 'BadRequest', 'The request body must be a JSON object.');
    const values: Record<string, unknown> = {};
    const nested: Record<string, unknown[]> = {};
    for (const [name, raw] of Object.entries(body as Record<string, unknown>)) {
      if (name.startsWith('@odata.') || name.includes('@odata.')) continue;
      if (def.expand?.[name] && this.def(def.expand[name].set).parent?.set === def.set) {
        if (!how.create || !Array.isArray(raw))
          throw new BcError(
            400,
            'BadRequest',
            `The navigation property '${name}' can only be given on a create, as an array.`,
          );
        nested[name] = raw;
        continue;
      }
      const field = def.fields[name];
      if (!field)
        throw new BcError(
          400,
          'BadRequest',
          `The property '${name}' does not exist on type 'Microsoft.NAV.${def.type}'. Make sure to only use property names that are defined by the type.`,
        );
      if (name === 'id') {
        // The API gives ids; the ERP (the control API) may choose a new record's.
        if (how.asErp && how.create) values.id = convert(def, name, field, raw);
        continue;
      }
      if (field.readOnly && !how.asErp)
        throw new BcError(400, 'BadRequest', `The property '${name}' of '${def.type}' is read-only.`);
      values[name] = convert(def, name, field, raw);
    }
    return { values, nested };
  }
}

function convert(def: EntityDef, name: string, field: FieldDef, raw: unknown): unknown {
  const refuse = () =>
    new BcError(
      400,
      'BadRequest',
      `Cannot convert the literal '${typeof raw === 'string' ? raw : JSON.stringify(raw)}' to the expected type '${field.type === 'enum' ? `Microsoft.NAV.${def.type}.${name}` : EDM[field.type]}'.`,
    );
  if (raw === null) return field.type === 'string' || field.type === 'enum' ? '' : null;
  switch (field.type) {
    case 'string':
      if (typeof raw !== 'string') throw refuse();
      if (field.maxLength !== undefined && raw.length > field.maxLength)
        throw new BcError(
          400,
          'BadRequest',
          `The length of the string is ${raw.length}, but it must be less than or equal to ${field.maxLength} characters. Value: ${raw}`,
        );
      return raw;
    case 'enum':
      if (typeof raw !== 'string' || !field.values?.includes(raw)) throw refuse();
      return raw;
    case 'guid':
      if (typeof raw !== 'string' || (raw !== '' && !GUID.test(raw))) throw refuse();
      return raw.toLowerCase();
    case 'int':
      if (typeof raw !== 'number' || !Number.isInteger(raw)) throw refuse();
      return raw;
    case 'decimal': {
      const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw refuse();
      return n;
    }
    case 'boolean':
      if (typeof raw !== 'boolean') throw refuse();
      return raw;
    case 'date':
      if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(raw)))
        throw refuse();
      return raw;
    case 'datetime': {
      const t = typeof raw === 'string' ? Date.parse(raw) : Number.NaN;
      if (Number.isNaN(t)) throw refuse();
      return new Date(t).toISOString();
    }
  }
}

import type { EntityDef, FieldType } from './entity-types.ts';
import { BcError } from './http-util.ts';

/**
 * OData v4 $filter as Business Central's API answers it: `field op literal` comparisons (eq, ne, gt, ge, lt, le),
 * and / or / not, parentheses, and contains / startswith / endswith on strings. Literals: 'text' ('' escapes a
 * quote), numbers, true / false, null, dates (2026-11-16), moments (2026-11-16T08:00:00Z) and GUIDs (unquoted).
 * A field the entity does not have, or a literal of another type, is a 400 with the message OData gives. Strings
 * compare case-insensitively, as BC's database collation does.
 */

type Literal =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number; integer: boolean }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'null' }
  | { kind: 'date'; value: string }
  | { kind: 'datetime'; value: number; text: string }
  | { kind: 'guid'; value: string };

type Token = { t: 'lit'; lit: Literal } | { t: 'id'; name: string } | { t: '(' } | { t: ')' } | { t: ',' };

export type Predicate = (data: Record<string, unknown>) => boolean;

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?(Z|[+-]\d{2}:\d{2})/;
const DATE = /^\d{4}-\d{2}-\d{2}(?![\dT])/;
const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?[mMdDfFlL]?/;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*/;

function syntax(message: string): BcError {
  return new BcError(400, 'BadRequest', `Syntax error in $filter: ${message}`);
}

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '(' || c === ')' || c === ',') {
      out.push({ t: c });
      i++;
      continue;
    }
    if (c === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) throw syntax('unterminated string literal');
        if (text[i] === "'") {
          if (text[i + 1] === "'") {
            value += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i++];
      }
      out.push({ t: 'lit', lit: { kind: 'string', value } });
      continue;
    }
    const rest = text.slice(i);
    let m = GUID.exec(rest);
    if (m) {
      out.push({ t: 'lit', lit: { kind: 'guid', value: m[0].toLowerCase() } });
      i += m[0].length;
      continue;
    }
    m = DATETIME.exec(rest);
    if (m) {
      const value = Date.parse(m[0]);
      if (Number.isNaN(value)) throw syntax(`'${m[0]}' is not a valid DateTimeOffset`);
      out.push({ t: 'lit', lit: { kind: 'datetime', value, text: m[0] } });
      i += m[0].length;
      continue;
    }
    m = DATE.exec(rest);
    if (m) {
      out.push({ t: 'lit', lit: { kind: 'date', value: m[0] } });
      i += m[0].length;
      continue;
    }
    m = NUMBER.exec(rest);
    if (m) {
      const raw = m[0].replace(/[mMdDfFlL]$/, '');
      out.push({ t: 'lit', lit: { kind: 'number', value: Number(raw), integer: /^-?\d+$/.test(raw) } });
      i += m[0].length;
      continue;
    }
    m = IDENT.exec(rest);
    if (m) {
      const name = m[0];
      if (name === 'true' || name === 'false')
        out.push({ t: 'lit', lit: { kind: 'boolean', value: name === 'true' } });
      else if (name === 'null') out.push({ t: 'lit', lit: { kind: 'null' } });
      else out.push({ t: 'id', name });
      i += name.length;
      continue;
    }
    throw syntax(`unexpected character '${c}' at position ${i}`);
  }
  return out;
}

const OPS: Record<string, string> = {
  eq: 'Equal',
  ne: 'NotEqual',
  gt: 'GreaterThan',
  ge: 'GreaterThanOrEqual',
  lt: 'LessThan',
  le: 'LessThanOrEqual',
};

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

function literalEdm(l: Literal): string {
  switch (l.kind) {
    case 'string':
      return 'Edm.String';
    case 'number':
      return l.integer ? 'Edm.Int32' : 'Edm.Decimal';
    case 'boolean':
      return 'Edm.Boolean';
    case 'date':
      return 'Edm.Date';
    case 'datetime':
      return 'Edm.DateTimeOffset';
    case 'guid':
      return 'Edm.Guid';
    default:
      return 'null';
  }
}

function compatible(type: FieldType, l: Literal): boolean {
  if (l.kind === 'null') return true;
  switch (type) {
    case 'string':
    case 'enum':
      return l.kind === 'string';
    case 'guid':
      return l.kind === 'guid' || (l.kind === 'string' && GUID.test(l.value));
    case 'int':
    case 'decimal':
      return l.kind === 'number';
    case 'boolean':
      return l.kind === 'boolean';
    case 'date':
      return l.kind === 'date';
    case 'datetime':
      return l.kind === 'datetime' || l.kind === 'date';
  }
}

/** Makes a field's stored value and a literal comparable: numbers, lower-cased strings, epoch milliseconds. */
function normal(type: FieldType, v: unknown): number | string | boolean | null {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'int':
    case 'decimal':
      return Number(v);
    case 'boolean':
      return Boolean(v);
    case 'datetime':
      return Date.parse(String(v));
    case 'guid':
    case 'string':
    case 'enum':
      return String(v).toLowerCase();
    default:
      return String(v);
  }
}

function literalValue(type: FieldType, l: Literal): number | string | boolean | null {
  switch (l.kind) {
    case 'null':
      return null;
    case 'datetime':
      return l.value;
    case 'date':
      return type === 'datetime' ? Date.parse(`${l.value}T00:00:00Z`) : l.value;
    case 'string':
    case 'guid':
      return l.value.toLowerCase();
    default:
      return l.value;
  }
}

function compare(
  op: string,
  a: number | string | boolean | null,
  b: number | string | boolean | null,
): boolean {
  if (op === 'eq') return a === b;
  if (op === 'ne') return a !== b;
  if (a === null || b === null) return false;
  if (op === 'gt') return a > b;
  if (op === 'ge') return a >= b;
  if (op === 'lt') return a < b;
  return a <= b;
}

export function unknownProperty(def: EntityDef, name: string): BcError {
  return new BcError(
    400,
    'BadRequest',
    `Could not find a property named '${name}' on type 'Microsoft.NAV.${def.type}'.`,
  );
}

export function compileFilter(def: EntityDef, text: string): Predicate {
  const tokens = tokenize(text);
  let pos = 0;
  const peek = () => tokens[pos];
  const isWord = (w: string) => {
    const t = tokens[pos];
    return t?.t === 'id' && t.name === w;
  };
  const expect = (t: '(' | ')' | ',') => {
    if (tokens[pos]?.t !== t) throw syntax(`'${t}' expected at token ${pos + 1}`);
    pos++;
  };
  const field = (name: string) => {
    const fd = def.fields[name];
    if (!fd) throw unknownProperty(def, name);
    return fd;
  };

  function orExpr(): Predicate {
    let left = andExpr();
    while (isWord('or')) {
      pos++;
      const a = left;
      const b = andExpr();
      left = (d) => a(d) || b(d);
    }
    return left;
  }
  function andExpr(): Predicate {
    let left = notExpr();
    while (isWord('and')) {
      pos++;
      const a = left;
      const b = notExpr();
      left = (d) => a(d) && b(d);
    }
    return left;
  }
  function notExpr(): Predicate {
    if (isWord('not')) {
      pos++;
      const inner = notExpr();
      return (d) => !inner(d);
    }
    return comparison();
  }
  function literal(): Literal {
    const t = peek();
    if (t?.t !== 'lit') throw syntax(`a literal expected at token ${pos + 1}`);
    pos++;
    return t.lit;
  }
  function comparison(): Predicate {
    const t = peek();
    if (t?.t === '(') {
      pos++;
      const inner = orExpr();
      expect(')');
      return inner;
    }
    if (t?.t !== 'id') throw syntax(`a property or function expected at token ${pos + 1}`);
    pos++;
    if (peek()?.t === '(') {
      const fn = t.name;
      if (fn !== 'contains' && fn !== 'startswith' && fn !== 'endswith')
        throw new BcError(400, 'BadRequest', `An unknown function with name '${fn}' was found.`);
      pos++;
      const arg = peek();
      if (arg?.t !== 'id') throw syntax(`a property expected as the first argument of ${fn}`);
      pos++;
      const fd = field(arg.name);
      expect(',');
      const lit = literal();
      expect(')');
      if ((fd.type !== 'string' && fd.type !== 'enum') || lit.kind !== 'string')
        throw new BcError(
          400,
          'BadRequest',
          `No function signature for the function with name '${fn}' matches.`,
        );
      const needle = lit.value.toLowerCase();
      const name = arg.name;
      if (fn === 'contains')
        return (d) =>
          String(d[name] ?? '')
            .toLowerCase()
            .includes(needle);
      if (fn === 'startswith')
        return (d) =>
          String(d[name] ?? '')
            .toLowerCase()
            .startsWith(needle);
      return (d) =>
        String(d[name] ?? '')
          .toLowerCase()
          .endsWith(needle);
    }
    const fd = field(t.name);
    const opTok = peek();
    if (opTok?.t !== 'id' || !(opTok.name in OPS)) {
      if (fd.type === 'boolean') {
        const name = t.name;
        return (d) => d[name] === true;
      }
      throw syntax(`an operator expected after '${t.name}'`);
    }
    pos++;
    const lit = literal();
    if (!compatible(fd.type, lit))
      throw new BcError(
        400,
        'BadRequest',
        `A binary operator with incompatible types was detected. Found operand types '${EDM[fd.type]}' and '${literalEdm(lit)}' for operator kind '${OPS[opTok.name]}'.`,
      );
    if (fd.type === 'enum' && lit.kind === 'string' && !fd.values?.includes(lit.value))
      throw new BcError(
        400,
        'BadRequest',
        `The string '${lit.value}' is not a valid enumerated type constant for 'Microsoft.NAV.${def.type}.${t.name}'.`,
      );
    const name = t.name;
    const type = fd.type;
    const op = opTok.name;
    const right = literalValue(type, lit);
    return (d) => compare(op, normal(type, d[name]), right);
  }

  if (tokens.length === 0) throw syntax('the expression is empty');
  const predicate = orExpr();
  if (pos < tokens.length) throw syntax(`unexpected token at position ${pos + 1}`);
  return predicate;
}

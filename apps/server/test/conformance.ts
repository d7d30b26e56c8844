// The API as its OpenAPI document describes it, checked against the server: generated valid and invalid
// requests for every operation (json-schema-faker from the declared schemas, then broken on purpose), and
// every answer's status and body compared with what the operation declares (Ajv, JSON Schema 2020-12, the
// dialect of OpenAPI 3.1). Used by conformance.test.ts; new routes join automatically.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createGeneratorSync, type JsonSchema } from 'json-schema-faker';

type Schema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: { schema: Schema; required: boolean } | null;
  /** Declared statuses ('200', '4XX', 'default', …) with the JSON schema of their body, if any. */
  responses: Record<string, Schema | null>;
  /** True when the document says no login is needed (`security: []`). */
  isPublic: boolean;
}

export interface Case {
  op: Operation;
  kind: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

interface OpenApiDoc {
  security?: unknown[];
  paths: Record<string, Record<string, Record<string, unknown>>>;
}

export function operations(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as {
        parameters?: Parameter[];
        requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
        responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
        security?: unknown[];
      };
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const responses: Record<string, Schema | null> = {};
      for (const [status, r] of Object.entries(op.responses ?? {})) {
        responses[status] = r.content?.['application/json']?.schema ?? null;
      }
      const security = op.security ?? doc.security ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? []).map((p) => ({ ...p, required: Boolean(p.required) })),
        body: bodySchema ? { schema: bodySchema, required: Boolean(op.requestBody?.required) } : null,
        responses,
        isPublic: security.length === 0 || security.some((s) => s && Object.keys(s).length === 0),
      });
    }
  }
  return ops;
}

/** Values of the demo data for path and query parameters, so valid requests can also reach real rows. */
export const knownValues: Record<string, string[]> = {
  plantLocation: ['P-24001', 'P-24002'],
  locationNo: ['P-24001'],
  itemNo: ['AG-1001', 'BH-1001'],
  itemNumber: ['AG-1001'],
  locale: ['nl-NL', 'en-US'],
  groupingType: ['all', 'Algemeen'],
};

export class CaseMaker {
  private readonly gen;
  private seed: number;

  constructor(seed: number) {
    this.seed = seed;
    this.gen = createGeneratorSync({ seed, maxDepth: 4, alwaysFakeOptionals: false } as never);
  }

  private rand(): number {
    this.seed = (this.seed * 1103515245 + 12345) & 0x7fffffff;
    return this.seed / 0x7fffffff;
  }

  private pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rand() * xs.length)];
  }

  value(schema: Schema): unknown {
    try {
      return this.gen.generate(schema as JsonSchema);
    } catch {
      return 'x';
    }
  }

  private param(p: Parameter): string {
    const known = knownValues[p.name];
    if (known && this.rand() < 0.7) return this.pick(known);
    const v = this.value(p.schema);
    return typeof v === 'string' ? v : JSON.stringify(v);
  }

  /** One request: `kind` 'valid' follows every declared schema; the others break one rule on purpose. */
  make(op: Operation, kind: CaseKind, caller: Record<string, string>): Case {
    const pathValues: Record<string, string> = {};
    const query = new URLSearchParams();
    const headers: Record<string, string> = { ...caller };
    for (const p of op.parameters) {
      if (!p.required && this.rand() < 0.5) continue;
      const v = this.param(p);
      if (p.in === 'path') pathValues[p.name] = v;
      else if (p.in === 'query') query.set(p.name, v);
      else headers[p.name.toLowerCase()] = v;
    }
    let body: unknown = op.body ? this.value(op.body.schema) : undefined;
    const breakable = this.breakable(op, body);
    switch (kind) {
      case 'missing': {
        const target = breakable.required.length ? this.pick(breakable.required) : null;
        if (target?.in === 'body' && body && typeof body === 'object') delete (body as Schema)[target.name];
        else if (target?.in === 'query') query.delete(target.name);
        else if (target?.in === 'header') delete headers[target.name.toLowerCase()];
        else if (op.body) body = undefined;
        break;
      }
      case 'wrong-type':
        if (body && typeof body === 'object' && breakable.bodyKeys.length) {
          (body as Schema)[this.pick(breakable.bodyKeys)] = this.pick([
            { nested: true },
            [1, 2],
            12345,
            true,
          ]);
        } else if (op.body) body = this.pick(['"text"', 42, [1]]);
        else {
          const q = op.parameters.filter((p) => p.in === 'query');
          if (q.length) query.set(this.pick(q).name, this.pick(['{}', '[]', 'NaN', '-1e999']));
        }
        break;
      case 'control-chars':
      case 'blank': {
        const bad = kind === 'blank' ? '   ' : `a\u0000b\u0007`;
        const strings = breakable.stringKeys;
        if (body && typeof body === 'object' && strings.length) (body as Schema)[this.pick(strings)] = bad;
        else {
          const q = op.parameters.filter((p) => p.in === 'query');
          if (q.length) query.set(this.pick(q).name, bad);
          else {
            const names = Object.keys(pathValues);
            if (names.length) pathValues[this.pick(names)] = bad;
          }
        }
        break;
      }
      case 'unknown-field':
        if (body && typeof body === 'object' && !Array.isArray(body)) {
          (body as Schema)[this.pick(['role', 'isAdmin', 'customerId', 'status', 'locationId'])] = 'x';
        } else query.set('unexpected', '1');
        break;
      case 'foreign-path': {
        const names = Object.keys(pathValues);
        if (names.length)
          pathValues[this.pick(names)] = this.pick([
            'P-99999',
            'ffffffff-ffff-ffff-ffff-ffffffffffff',
            'XX-0000',
          ]);
        break;
      }
      default:
        break;
    }
    const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(pathValues[name] ?? String(this.value({ type: 'string', minLength: 1 }))),
    );
    const hasBody = body !== undefined && op.method !== 'GET' && op.method !== 'DELETE';
    if (hasBody) headers['content-type'] = 'application/json';
    if (op.method !== 'GET' && !headers['idempotency-key'] && this.rand() < 0.5) {
      headers['idempotency-key'] = `conf-${Math.floor(this.rand() * 1e9)}`;
    }
    return {
      op,
      kind,
      url: `${path}${query.size ? `?${query}` : ''}`,
      headers,
      payload: hasBody ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
    };
  }

  private breakable(op: Operation, body: unknown) {
    const required: { in: 'body' | 'query' | 'header'; name: string }[] = [];
    const props = (op.body?.schema.properties ?? {}) as Record<string, Schema>;
    for (const name of (op.body?.schema.required as string[] | undefined) ?? [])
      required.push({ in: 'body', name });
    for (const p of op.parameters)
      if (p.required && p.in !== 'path') required.push({ in: p.in, name: p.name });
    const bodyKeys = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(props) : [];
    const stringKeys = bodyKeys.filter((k) => props[k]?.type === 'string');
    return { required, bodyKeys, stringKeys };
  }
}

export const caseKinds = [
  'valid',
  'valid',
  'valid',
  'missing',
  'wrong-type',
  'control-chars',
  'blank',
  'unknown-field',
  'foreign-path',
] as const;
export type CaseKind = (typeof caseKinds)[number];

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
addFormats.default(ajv);
const compiled = new WeakMap<Schema, ReturnType<typeof ajv.compile>>();

function declaredFor(op: Operation, status: number): { declared: boolean; schema: Schema | null } {
  const s = String(status);
  if (s in op.responses) return { declared: true, schema: op.responses[s] };
  const range = `${s[0]}XX`;
  if (range in op.responses) return { declared: true, schema: op.responses[range] };
  if ('default' in op.responses) return { declared: true, schema: op.responses.default };
  return { declared: false, schema: null };
}

const paramAjv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true, coerceTypes: true });
addFormats.default(paramAjv);
const compiledParams = new WeakMap<Schema, ReturnType<typeof paramAjv.compile>>();

function check(validator: typeof ajv, cache: typeof compiled, schema: Schema, value: unknown): boolean {
  let validate = cache.get(schema);
  if (!validate) {
    validate = validator.compile(schema);
    cache.set(schema, validate);
  }
  return validate(value) as boolean;
}

/**
 * Whether a request follows its operation's document: required parameters present, every parameter and the
 * body valid against their schemas (query and header values coerced, as a server reads them).
 */
export function requestFollowsDocument(c: Case): boolean {
  const url = new URL(c.url, 'http://x');
  // the path's values by the operation's template
  const names: string[] = [];
  const template = new RegExp(
    `^${c.op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, (_, n: string) => {
      names.push(n);
      return '([^/]*)';
    })}$`,
  );
  const match = template.exec(url.pathname);
  if (!match) return false;
  const pathValues = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1])]));
  // a query parameter the document does not name: OpenAPI cannot forbid it; the server refuses it (strict)
  const declared = new Set(c.op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  for (const name of url.searchParams.keys()) if (!declared.has(name)) return false;
  for (const p of c.op.parameters) {
    const raw =
      p.in === 'query'
        ? url.searchParams.get(p.name)
        : p.in === 'header'
          ? (c.headers[p.name.toLowerCase()] ?? null)
          : (pathValues[p.name] ?? null);
    if (raw === null) {
      if (p.required) return false;
      continue;
    }
    if (!check(paramAjv, compiledParams, p.schema, raw)) return false;
  }
  if (c.op.body) {
    if (c.payload === undefined) return !c.op.body.required;
    let body: unknown;
    try {
      body = JSON.parse(c.payload);
    } catch {
      return false;
    }
    if (!check(ajv, compiled, c.op.body.schema, body)) return false;
  }
  return true;
}

/** Field errors of rules no schema can say (they need the stored data or a list of known words). */
const byMeaning = new Set([
  'WachtwoordWijzigen.huidig_onjuist',
  'validation.wachtwoord_te_gewoon',
  'validation.wachtwoord_context',
  // one field against another (an end before its start)
  'validation.einde_na_begin',
  // an unknown translation key, content page name, …: well formed, but not among the stored ones
  'validation.onbekende_waarde',
]);

/**
 * A request the document calls valid that the server refuses as invalid input (400 error.ongeldige_invoer):
 * the document is looser than the server (issue #16 part 2). Empty when it is not so.
 */
export function looserThanServer(c: Case, answer: { status: number; body: string }): string[] {
  if (answer.status !== 400 || !requestFollowsDocument(c)) return [];
  let body: { code?: string; details?: { fields?: Record<string, { code?: string }> } } = {};
  try {
    body = JSON.parse(answer.body);
  } catch {}
  // a refusal by meaning (a wrong current password, a common one, an unknown reset token), not by shape
  if (body.code !== 'error.ongeldige_invoer') return [];
  const fields = Object.entries(body.details?.fields ?? {});
  if (fields.length > 0 && fields.every(([, f]) => byMeaning.has(f?.code ?? ''))) return [];
  const named = fields.map(([name, f]) => `${name}: ${f?.code}`).join(', ');
  return [`${c.op.method} ${c.op.path} → 400: the document lets through what the server refuses (${named})`];
}

/** What is wrong with one answer, measured against the document (empty when it conforms). */
export function problemsOf(
  op: Operation,
  answer: { status: number; contentType: string | undefined; body: string },
): string[] {
  const { declared, schema } = declaredFor(op, answer.status);
  const where = `${op.method} ${op.path} → ${answer.status}`;
  if (!declared) return [`${where}: status not declared (${answer.body.slice(0, 120)})`];
  const isJson = answer.contentType?.includes('json') && answer.body.length > 0;
  if (!isJson) return [];
  if (!schema) {
    return answer.status < 300 ? [`${where}: JSON answer but no response schema declared`] : [];
  }
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return [`${where}: body is not JSON`];
  }
  if (validate(parsed)) return [];
  const first = validate.errors?.[0];
  return [`${where}: body does not match (${first?.instancePath || '/'} ${first?.message})`];
}

// The API as its OpenAPI document describes it, checked against the server: generated valid and invalid
// requests for every operation (json-schema-faker from the declared schemas, then broken on purpose). The checks
// of an answer against the document are in conformance-checks.ts. Used by conformance.sweep.ts and
// conformance.test.ts; new routes join automatically.
import { createGeneratorSync, type JsonSchema } from 'json-schema-faker';

export type Schema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
  /** A query parameter whose object's properties are the query's own parameters (style form, explode). */
  exploded?: boolean;
}

/** What a status declares: the JSON schema of its JSON body, if any, and every media type it may answer. */
export interface Declared {
  schema: Schema | null;
  mediaTypes: string[];
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  /** The request body: JSON or multipart (`encoding` names each part's media types). */
  body: {
    schema: Schema;
    required: boolean;
    mediaType: string;
    encoding?: Record<string, { contentType?: string }>;
  } | null;
  /** Declared statuses ('200', '4XX', 'default', …). */
  responses: Record<string, Declared>;
  /** True when the document says no login is needed (`security: []`). */
  isPublic: boolean;
  /** True when a token is optional (`{}` among the security options: a visitor operation). */
  admitsVisitors: boolean;
  /** True when the description says the operation is for one role: 403 for anyone else, before the input. */
  forOneRole: boolean;
}

export interface Case {
  op: Operation;
  kind: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The body as generated (before it was serialized; files as their media type), for the document checks. */
  body?: unknown;
  /** The body is not well-formed JSON on purpose. */
  malformed?: boolean;
  /** A query parameter the document does not name was added on purpose. */
  unknownQuery?: boolean;
}

export interface OpenApiDoc {
  openapi?: string;
  security?: unknown[];
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Where a schema of the document's components is found by the checks: each compiled schema carries them. */
export const componentId = (name: string) => `#/$defs/${name}`;

/** A copy of a schema whose `$ref`s into the document's components name them by `componentId`. */
export function withComponentRefs<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withComponentRefs) as T;
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) =>
      k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')
        ? [k, componentId(v.slice('#/components/schemas/'.length))]
        : [k, withComponentRefs(v)],
    ),
  ) as T;
}

/** The words declared-errors.ts adds to the description of an operation for one role. */
const ONE_ROLE = / only: 403 for anyone else, before the input is checked\./;

export function operations(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, raw] of Object.entries(methods)) {
      const op = withComponentRefs(raw) as {
        description?: string;
        parameters?: Parameter[];
        requestBody?: {
          required?: boolean;
          content?: Record<string, { schema?: Schema; encoding?: Record<string, { contentType?: string }> }>;
        };
        responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
        security?: unknown[];
      };
      const content = op.requestBody?.content ?? {};
      const mediaType = Object.keys(content)[0];
      const bodySchema = mediaType ? content[mediaType].schema : undefined;
      const responses: Record<string, Declared> = {};
      for (const [status, r] of Object.entries(op.responses ?? {})) {
        responses[status] = {
          schema: r.content?.['application/json']?.schema ?? null,
          mediaTypes: Object.keys(r.content ?? {}),
        };
      }
      const security = op.security ?? doc.security ?? [];
      const visitors = security.some((s) => s && Object.keys(s).length === 0);
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? []).map((p) => ({
          ...p,
          required: Boolean(p.required),
          exploded:
            p.in === 'query' &&
            (p.schema as Schema).type === 'object' &&
            (p as { explode?: boolean }).explode !== false,
        })),
        body:
          mediaType && bodySchema
            ? {
                schema: bodySchema,
                required: Boolean(op.requestBody?.required),
                mediaType,
                encoding: content[mediaType].encoding,
              }
            : null,
        responses,
        isPublic: security.length === 0,
        admitsVisitors: security.length > 0 && visitors,
        forOneRole: ONE_ROLE.test(op.description ?? ''),
      });
    }
  }
  return ops;
}

/** Values of the demo data for parameters and body fields, so valid requests can also reach real rows. */
export const knownValues: Record<string, string[]> = {
  plantLocation: ['P-24001', 'P-24002'],
  locationNo: ['P-24001'],
  materieelLocatieNr: ['P-24001', 'P-24002'],
  itemNo: ['AG-1001', 'BH-1001'],
  itemNumber: ['AG-1001'],
  locale: ['nl-NL', 'en-US'],
  groupingType: ['all', 'Algemeen'],
};

// A 1×1 PNG and the smallest PDF the upload check takes: files of the media types a multipart body declares.
const files: Record<string, Buffer> = {
  'image/png': Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  'application/pdf': Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
};

/** A file of the first media type the part names that the sweep can make (else a PNG). */
function fileFor(contentType: string | undefined): { type: string; bytes: Buffer } {
  const wanted = (contentType ?? '').split(',').map((t) => t.trim());
  const type = wanted.find((t) => t in files) ?? 'image/png';
  return { type, bytes: files[type] };
}

const isFile = (s: Schema | undefined) =>
  s?.format === 'binary' || s?.contentMediaType !== undefined || s?.contentEncoding !== undefined;

/** A `$ref` into the document's components, inlined for the generator as a short plain text (no recursion). */
function forGenerator(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forGenerator);
  if (!schema || typeof schema !== 'object') return schema;
  if ('$ref' in schema) return { type: 'string', pattern: '^[a-z]{1,8}$' };
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, forGenerator(v)]));
}

export class CaseMaker {
  private readonly gen;
  private seed: number;
  /** Ids the server answered on a list (by the list's path) and values by field name, for later requests. */
  private readonly learnedByPath = new Map<string, Set<string>>();
  private readonly generatorSchemas = new WeakMap<Schema, unknown>();

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
    let usable = this.generatorSchemas.get(schema);
    if (usable === undefined) {
      usable = forGenerator(schema);
      this.generatorSchemas.set(schema, usable);
    }
    try {
      return this.gen.generate(usable as JsonSchema);
    } catch {
      return 'x';
    }
  }

  /**
   * Remembers the ids a list answered (`GET /a/b` → the `id`s in its body), so that `/a/b/{id}/…` is also asked
   * for rows that exist: the answers of real rows (a PDF, a detail) are then checked too.
   */
  learn(op: Operation, answer: { status: number; contentType: string | undefined; body: string }): void {
    if (op.method !== 'GET' || answer.status !== 200 || !answer.contentType?.includes('json')) return;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return;
    }
    const ids = this.learnedByPath.get(op.path) ?? new Set<string>();
    const walk = (v: unknown, depth: number) => {
      if (depth > 3 || ids.size >= 20 || !v || typeof v !== 'object') return;
      if (Array.isArray(v)) for (const x of v.slice(0, 10)) walk(x, depth + 1);
      else
        for (const [k, x] of Object.entries(v)) {
          if (k === 'id' && typeof x === 'string') ids.add(x);
          else walk(x, depth + 1);
        }
    };
    walk(body, 0);
    if (ids.size) this.learnedByPath.set(op.path, ids);
  }

  private param(op: Operation, p: Parameter): string {
    if (p.in === 'path' && op.method === 'GET') {
      // the list this path continues: /a/b/{id}/pdf continues /a/b
      const list = op.path.slice(0, op.path.indexOf(`/{${p.name}}`));
      const learned = this.learnedByPath.get(list);
      if (learned && this.rand() < 0.7) return this.pick([...learned]);
    }
    const known = knownValues[p.name];
    if (known && this.rand() < 0.7) return this.pick(known);
    const v = this.value(p.schema);
    return typeof v === 'string' ? v : JSON.stringify(v);
  }

  /** A generated body with known values in the fields the demo data has values for. */
  private bodyValue(op: Operation): unknown {
    if (!op.body) return undefined;
    const body = this.value(op.body.schema);
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const key of Object.keys(body)) {
        const known = knownValues[key];
        if (known && typeof (body as Schema)[key] === 'string' && this.rand() < 0.7)
          (body as Schema)[key] = this.pick(known);
      }
    }
    return body;
  }

  /**
   * One request: `kind` 'valid' follows every declared schema; the others break one rule on purpose.
   * Null when the kind does not apply to the operation (malformed JSON for an operation without a JSON body).
   */
  make(op: Operation, kind: CaseKind, caller: Record<string, string>): Case | null {
    const jsonBody = op.body?.mediaType === 'application/json';
    const sendsBody = op.method !== 'GET' && op.method !== 'DELETE';
    if (kind === 'malformed-json' && !(jsonBody && sendsBody)) return null;
    const pathValues: Record<string, string> = {};
    const query = new URLSearchParams();
    const headers: Record<string, string> = { ...caller };
    for (const p of op.parameters) {
      if (!p.required && this.rand() < 0.5) continue;
      if (p.exploded) {
        const v = this.value(p.schema);
        if (v && typeof v === 'object')
          for (const [k, x] of Object.entries(v)) query.set(k, typeof x === 'string' ? x : JSON.stringify(x));
        continue;
      }
      const v = this.param(op, p);
      if (p.in === 'path') pathValues[p.name] = v;
      else if (p.in === 'query') query.set(p.name, v);
      else headers[p.name.toLowerCase()] = v;
    }
    let body: unknown = this.bodyValue(op);
    const breakable = this.breakable(op, body);
    let unknownQuery = false;
    // a kind that finds nothing to break would be one more valid request: not sent (null)
    let broke = kind === 'valid' || kind === 'malformed-json' || kind === 'unknown-field';
    switch (kind) {
      case 'missing': {
        const target = breakable.required.length ? this.pick(breakable.required) : null;
        broke = true;
        if (target?.in === 'body' && body && typeof body === 'object') delete (body as Schema)[target.name];
        else if (target?.in === 'query') query.delete(target.name);
        else if (target?.in === 'header') delete headers[target.name.toLowerCase()];
        else if (op.body) body = undefined;
        else broke = false;
        break;
      }
      case 'wrong-type':
        broke = true;
        if (body && typeof body === 'object' && breakable.bodyKeys.length) {
          (body as Schema)[this.pick(breakable.bodyKeys)] = this.pick([
            { nested: true },
            [1, 2],
            12345,
            true,
          ]);
        } else if (jsonBody) body = this.pick(['"text"', 42, [1]]);
        else {
          const q = this.queryNames(op);
          if (q.length) query.set(this.pick(q), this.pick(['{}', '[]', 'NaN', '-1e999']));
          else broke = false;
        }
        break;
      case 'control-chars':
      case 'blank': {
        const bad = kind === 'blank' ? '   ' : `a\u0000b\u0007`;
        const strings = breakable.stringKeys;
        broke = true;
        if (body && typeof body === 'object' && strings.length) (body as Schema)[this.pick(strings)] = bad;
        else {
          const q = this.queryNames(op);
          if (q.length) query.set(this.pick(q), bad);
          else {
            const names = Object.keys(pathValues);
            if (names.length) pathValues[this.pick(names)] = bad;
            else broke = false;
          }
        }
        break;
      }
      case 'unknown-field':
        // a field the document does not name: in the body (plain, or with a control character), or in the query
        if (jsonBody && body && typeof body === 'object' && !Array.isArray(body) && this.rand() < 0.6) {
          const name = this.pick(['role', 'isAdmin', 'customerId', 'status', 'locationId', 'extraNote']);
          (body as Schema)[name] = this.rand() < 0.5 ? 'x' : { note: 'a\u0000b' };
        } else {
          query.set('unexpected', '1');
          unknownQuery = true;
        }
        break;
      case 'foreign-path': {
        const names = Object.keys(pathValues);
        broke = names.length > 0;
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
    if (!broke) return null;
    const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(pathValues[name] ?? String(this.value({ type: 'string', minLength: 1 }))),
    );
    let payload: string | Buffer | undefined;
    if (sendsBody && kind === 'malformed-json') {
      headers['content-type'] = 'application/json';
      payload = this.pick(['{"name":', '{"a":1,}', "{'a':1}", '[1,2', 'nul']);
      body = undefined;
    } else if (sendsBody && body !== undefined && op.body?.mediaType === 'multipart/form-data') {
      const form = this.multipart(op, body);
      headers['content-type'] = form.contentType;
      payload = form.payload;
    } else if (sendsBody && body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    } else body = undefined;
    if (op.method !== 'GET' && !headers['idempotency-key'] && this.rand() < 0.5) {
      headers['idempotency-key'] = `conf-${Math.floor(this.rand() * 1e9)}`;
    }
    return {
      op,
      kind,
      url: `${path}${query.size ? `?${query}` : ''}`,
      headers,
      payload,
      body,
      malformed: kind === 'malformed-json',
      unknownQuery,
    };
  }

  /** A multipart body: a file of a declared media type for each file part, text for the others. */
  private multipart(op: Operation, body: unknown): { contentType: string; payload: Buffer } {
    const boundary = `conformance${Math.floor(this.rand() * 1e9)}`;
    const props = (op.body?.schema.properties ?? {}) as Record<string, Schema>;
    const other = (op.body?.schema.additionalProperties || undefined) as Schema | undefined;
    const chunks: Buffer[] = [];
    for (const [name, value] of Object.entries((body ?? {}) as Schema)) {
      if (isFile(props[name] ?? other)) {
        const file = fileFor(op.body?.encoding?.[name]?.contentType);
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="conformance"\r\n` +
              `Content-Type: ${file.type}\r\n\r\n`,
          ),
          file.bytes,
          Buffer.from('\r\n'),
        );
      } else {
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        chunks.push(
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`),
        );
      }
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(chunks) };
  }

  private queryNames(op: Operation): string[] {
    return op.parameters.flatMap((p) =>
      p.exploded ? Object.keys((p.schema.properties ?? {}) as Schema) : p.in === 'query' ? [p.name] : [],
    );
  }

  private breakable(op: Operation, body: unknown) {
    const required: { in: 'body' | 'query' | 'header'; name: string }[] = [];
    const props = (op.body?.schema.properties ?? {}) as Record<string, Schema>;
    for (const name of (op.body?.schema.required as string[] | undefined) ?? [])
      required.push({ in: 'body', name });
    for (const p of op.parameters) {
      if (p.exploded)
        for (const name of (p.schema.required as string[] | undefined) ?? [])
          required.push({ in: 'query', name });
      else if (p.required && p.in !== 'path') required.push({ in: p.in, name: p.name });
    }
    const bodyKeys = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(props) : [];
    const stringKeys = bodyKeys.filter((k) => props[k]?.type === 'string' && !isFile(props[k]));
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
  'malformed-json',
] as const;
export type CaseKind = (typeof caseKinds)[number];

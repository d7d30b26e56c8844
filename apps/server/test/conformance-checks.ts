// What the conformance sweep holds each answer to (Ajv, JSON Schema 2020-12, the dialect of OpenAPI 3.1): the
// status and media type are declared and the body matches its schema; a request the document calls valid is not
// refused as invalid input; who may not call is refused before the input is read; no operation takes a query
// parameter it does not declare; and the document itself names a format for every URL.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  type Case,
  type Declared,
  type OpenApiDoc,
  type Operation,
  type Schema,
  withComponentRefs,
} from './conformance.ts';

export interface Answer {
  status: number;
  contentType: string | undefined;
  body: string;
  allow?: string;
}

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
addFormats.default(ajv);
const compiled = new WeakMap<Schema, ReturnType<typeof ajv.compile>>();

// query, path and header values are text: coerced to the schema's types, as a server reads them
const paramAjv = new Ajv2020({
  strict: false,
  allErrors: false,
  validateFormats: true,
  coerceTypes: true,
});
addFormats.default(paramAjv);
const compiledParams = new WeakMap<Schema, ReturnType<typeof paramAjv.compile>>();

/**
 * The document's rule across two fields (contract `notBefore`): `x-not-before` / `x-after: { later: earlier }` on an
 * object, kept when both are given (days 'YYYY-MM-DD' or moments).
 */
for (const validator of [ajv, paramAjv]) {
  for (const [keyword, after] of [
    ['x-not-before', false],
    ['x-after', true],
  ] as const) {
    validator.addKeyword({
      keyword,
      type: 'object',
      schemaType: 'object',
      validate: (rules: Record<string, string>, data: Record<string, unknown>) =>
        Object.entries(rules).every(([later, earlier]) => {
          const [l, e] = [Date.parse(String(data[later])), Date.parse(String(data[earlier]))];
          if (typeof data[later] !== 'string' || typeof data[earlier] !== 'string' || Number.isNaN(l + e))
            return true;
          return after ? l > e : l >= e;
        }),
    });
  }
}

/** The document's component schemas, carried by every schema the checks compile (`$ref`s: `componentId`). */
let components: Record<string, Schema> = {};

/** Makes the document's component schemas known to the checks. */
export function useComponents(doc: OpenApiDoc): void {
  components = Object.fromEntries(
    Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) => [name, withComponentRefs(schema)]),
  );
}

function compile(validator: typeof ajv, schema: Schema) {
  return validator.compile(
    JSON.stringify(schema).includes('"#/$defs/') ? { ...schema, $defs: components } : schema,
  );
}

function check(validator: typeof ajv, cache: typeof compiled, schema: Schema, value: unknown): boolean {
  let validate = cache.get(schema);
  if (!validate) {
    validate = compile(validator, schema);
    cache.set(schema, validate);
  }
  return validate(value) as boolean;
}

/** Whether a value follows a schema of the document (`asText`: one query, path or header value, coerced). */
export function conformsTo(schema: unknown, value: unknown, asText = false): boolean {
  return asText
    ? check(paramAjv, compiledParams, schema as Schema, value)
    : check(ajv, compiled, schema as Schema, value);
}

/**
 * One query value as the type its property declares (a number, a boolean), as a server reads it. By hand, not by
 * Ajv's coerceTypes: that also changes the value while it tries the branches of an anyOf (a blank text became 0).
 */
function asTyped(raw: string, prop: Schema): unknown {
  const types = [prop.type, ...((prop.anyOf ?? []) as Schema[]).map((b) => b.type)].flat();
  if (
    (types.includes('number') || types.includes('integer')) &&
    raw.trim() !== '' &&
    !Number.isNaN(Number(raw))
  )
    return Number(raw);
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

function declaredFor(op: Operation, status: number): Declared | null {
  const s = String(status);
  return op.responses[s] ?? op.responses[`${s[0]}XX`] ?? op.responses.default ?? null;
}

const mediaTypeOf = (contentType: string | undefined) => contentType?.split(';')[0].trim().toLowerCase();

/** Whether a declared media type (`image/png`, `image/*`, `*\/*`) covers the answer's. */
function covers(declared: string, actual: string): boolean {
  const [type, sub] = declared.toLowerCase().split('/');
  const [aType, aSub] = actual.split('/');
  return (type === '*' || type === aType) && (sub === '*' || sub === aSub);
}

/** What is wrong with one answer, measured against the document (empty when it conforms). */
export function problemsOf(op: Operation, answer: Answer): string[] {
  const declared = declaredFor(op, answer.status);
  const where = `${op.method} ${op.path} → ${answer.status}`;
  if (!declared) return [`${where}: status not declared (${answer.body.slice(0, 120)})`];
  const media = mediaTypeOf(answer.contentType);
  if (answer.body.length > 0) {
    if (declared.mediaTypes.length === 0)
      return [`${where}: answers ${media ?? 'a body'} but declares no content`];
    if (!media || !declared.mediaTypes.some((m) => covers(m, media)))
      return [`${where}: content type ${media} not declared (${declared.mediaTypes.join(', ')})`];
  }
  const isJson = media?.includes('json') && answer.body.length > 0;
  if (!isJson) return [];
  const schema = declared.schema;
  if (!schema) {
    return answer.status < 300 ? [`${where}: JSON answer but no response schema declared`] : [];
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return [`${where}: body is not JSON`];
  }
  let validate = compiled.get(schema);
  if (!validate) {
    validate = compile(ajv, schema);
    compiled.set(schema, validate);
  }
  if (validate(parsed)) return [];
  const first = validate.errors?.[0];
  return [`${where}: body does not match (${first?.instancePath || '/'} ${first?.message})`];
}

/**
 * Whether a request follows its operation's document: required parameters present, no query parameter it does
 * not name, every parameter and the body valid against their schemas (query and header values coerced, as a
 * server reads them; the query parameters of an object parameter checked together, with its rules across them).
 */
export function requestFollowsDocument(c: Case): boolean {
  if (c.malformed) return false;
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
  const declared = new Set<string>();
  for (const p of c.op.parameters) {
    if (p.exploded) for (const name of Object.keys((p.schema.properties ?? {}) as Schema)) declared.add(name);
    else if (p.in === 'query') declared.add(p.name);
  }
  for (const name of url.searchParams.keys()) if (!declared.has(name)) return false;
  for (const p of c.op.parameters) {
    if (p.exploded) {
      const value: Record<string, unknown> = {};
      const props = (p.schema.properties ?? {}) as Record<string, Schema>;
      for (const [name, prop] of Object.entries(props)) {
        const raw = url.searchParams.get(name);
        if (raw !== null) value[name] = asTyped(raw, prop);
      }
      if (!check(ajv, compiled, p.schema, value)) return false;
      continue;
    }
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
    if (!check(ajv, compiled, c.op.body.schema, c.body)) return false;
  } else if (c.payload !== undefined) return false;
  return true;
}

/** Field errors of rules no schema can say (they need the stored data or a list of known words). */
const byMeaning = new Set([
  'WachtwoordWijzigen.huidig_onjuist',
  'validation.wachtwoord_te_gewoon',
  'validation.wachtwoord_context',
  // an unknown translation key, content page name, …: well formed, but not among the stored ones
  'validation.onbekende_waarde',
  // a plant or order that is not of the complaint's location (the stored data decides)
  'Klachten.validatie.niet_van_locatie',
  // a webhook endpoint's customer that does not exist (the stored customers decide)
  'webhooks.fout.klant_onbekend',
]);

/** Field codes of a request's shape: a 422 naming one of them is a rule the document could have said. */
const shapeCodes = new Set([
  'validation.verplicht',
  'validation.einde_na_begin',
  'validation.ongeldig_formaat',
  'validation.ongeldige_tekens',
  'validation.onbekend_veld',
  'validation.te_lang',
  'validation.te_kort',
]);

/**
 * A request the document calls valid that the server refuses as invalid input (400 error.ongeldige_invoer, a 422
 * naming a field by its shape, or 415 for what it was sent): the document is looser than the server (issue #16
 * part 2, issue #31). Empty when it is not so.
 */
export function looserThanServer(c: Case, answer: Answer): string[] {
  if (![400, 415, 422].includes(answer.status) || !requestFollowsDocument(c)) return [];
  let body: {
    code?: string;
    details?: { reason?: string; fields?: Record<string, { code?: string } | string> };
  } = {};
  try {
    body = JSON.parse(answer.body);
  } catch {}
  const where = `${c.op.method} ${c.op.path} → ${answer.status}: the document lets through what the server refuses`;
  // a file's type is told by its bytes, which a JSON body's base64 text cannot show; a multipart part can
  if (answer.status === 415)
    return c.op.body?.mediaType === 'application/json'
      ? []
      : [`${where} (${body.code} ${body.details?.reason ?? ''})`];
  const fields = Object.entries(body.details?.fields ?? {}).map(
    ([name, f]) => [name, typeof f === 'string' ? f : (f?.code ?? '')] as const,
  );
  const named = fields.map(([name, code]) => `${name}: ${code}`).join(', ');
  // an end the document compares with a start the request left out: the server compared it with the clock or
  // the stored start, which no schema can know
  const byTheClock = (name: string, code: string) =>
    code === 'validation.einde_na_begin' && comparedWithAbsent(c, name);
  if (answer.status === 422)
    return fields.some(([name, code]) => shapeCodes.has(code) && !byTheClock(name, code))
      ? [`${where} (${named})`]
      : [];
  // a refusal by meaning (a wrong current password, a common one, an unknown reset token), not by shape
  if (body.code !== 'error.ongeldige_invoer') return [];
  if (fields.length > 0 && fields.every(([name, code]) => byMeaning.has(code) || byTheClock(name, code)))
    return [];
  return [`${where} (${named})`];
}

/** Whether the document's rule for `field` compares it with another field the request does not hold. */
function comparedWithAbsent(c: Case, field: string): boolean {
  const schemas = [c.op.body?.schema, ...c.op.parameters.filter((p) => p.exploded).map((p) => p.schema)];
  const rule = new RegExp(`"x-(?:not-before|after)":\\{[^{}]*"${field}":"([^"]+)"`);
  const earlier = rule.exec(JSON.stringify(schemas))?.[1];
  if (!earlier) return false;
  const inBody = c.body && typeof c.body === 'object' && (c.body as Schema)[earlier] != null;
  return !inBody && !new URL(c.url, 'http://x').searchParams.has(earlier);
}

export type CallerName = 'anonymous' | 'user' | 'admin';

/**
 * Who may not call is refused before what they sent is read (issue #16 part 3, issue #31): whatever the input
 * (malformed JSON too), a caller without a token gets 401 on an operation that needs a login, and a signed-in
 * user without the role 403 on an operation for one role.
 */
export function refusedTooLate(c: Case, caller: CallerName, answer: Answer): string[] {
  const where = `${c.op.method} ${c.op.path} → ${answer.status}`;
  if (caller === 'anonymous' && !c.op.isPublic && !c.op.admitsVisitors && answer.status !== 401)
    return [`${where}: answers a caller without a token before 401 (${c.kind})`];
  if (caller === 'user' && c.op.forOneRole && answer.status !== 403)
    return [`${where}: answers a user without the role before 403 (${c.kind})`];
  return [];
}

/** Statuses that say the input was not taken (or not looked at): any other means the server accepted it. */
const notTaken = new Set([400, 401, 403, 413, 414, 415, 429, 503]);

/** An operation that takes a query parameter it does not declare, where the others refuse it (issue #31). */
export function acceptedUnknownQuery(c: Case, answer: Answer): string[] {
  if (!c.unknownQuery || notTaken.has(answer.status)) return [];
  return [`${c.op.method} ${c.op.path} → ${answer.status}: accepts a query parameter it does not declare`];
}

const URL_NAME = /(^|[a-z])(url|uri|href)$/i;

/**
 * What the document itself leaves unsaid: an operation without a success answer (it cannot succeed, as far as the
 * document tells), a URL field (a property named …Url, …Uri, href) without a format.
 */
export function documentProblems(ops: Operation[]): string[] {
  const problems: string[] = [];
  const visit = (op: Operation, where: string, node: unknown) => {
    if (Array.isArray(node)) {
      for (const n of node) visit(op, where, n);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const props = (node as Schema).properties as Record<string, Schema> | undefined;
    for (const [name, s] of Object.entries(props ?? {})) {
      // the field itself, or the text branch of a nullable one
      const texts = [s, ...((s?.anyOf ?? s?.oneOf ?? []) as Schema[])].filter((b) => b?.type === 'string');
      if (URL_NAME.test(name) && texts.some((b) => b.format === undefined))
        problems.push(`${op.method} ${op.path}: the URL field ${where} ${name} has no format`);
    }
    for (const v of Object.values(node)) visit(op, where, v);
  };
  for (const op of ops) {
    if (!Object.keys(op.responses).some((s) => s.startsWith('2')))
      problems.push(`${op.method} ${op.path}: declares no success answer`);
    for (const p of op.parameters) {
      if (URL_NAME.test(p.name) && p.schema.type === 'string' && p.schema.format === undefined)
        problems.push(`${op.method} ${op.path}: the URL parameter ${p.name} has no format`);
      visit(op, 'in the query', p.schema);
    }
    if (op.body) visit(op, 'in the body', op.body.schema);
    for (const [status, d] of Object.entries(op.responses)) visit(op, `in the ${status} answer`, d.schema);
  }
  return [...new Set(problems)];
}

/** The methods a path does not have, answered 405 with an `Allow` naming the ones it has (RFC 9110 §15.5.6). */
export function methodProblems(path: string, documented: string[], method: string, answer: Answer): string[] {
  const where = `${method} ${path} → ${answer.status}`;
  if (answer.status !== 405) return [`${where}: a method the path does not have, not answered 405`];
  const allow = new Set(
    (answer.allow ?? '')
      .split(',')
      .map((m) => m.trim().toUpperCase())
      .filter(Boolean),
  );
  const expected = new Set(documented);
  if (expected.has('GET')) expected.add('HEAD');
  const missing = [...expected].filter((m) => !allow.has(m));
  const extra = [...allow].filter((m) => !expected.has(m) && m !== 'OPTIONS');
  if (missing.length || extra.length)
    return [
      `${where}: Allow "${answer.allow ?? ''}" is not the path's methods (${[...expected].join(', ')})`,
    ];
  return [];
}

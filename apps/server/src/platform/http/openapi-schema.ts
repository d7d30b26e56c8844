// How the zod schemas become the API document's JSON Schemas (issue #16 part 2: the document is as strict as
// the server). zod's own conversion, plus the rules it cannot see, for what a caller sends (body, query, path,
// headers):
// - no text takes a control character (platform/http/control-characters.ts refuses them before validation), in an
//   extra property of an object that allows them neither (`FreeValue`, issue #31 item 21);
// - a trimmed string with a minimum length refuses blanks, so it must hold a non-space character.
// And what a route's parts cannot say on their own (issue #31 item 21): a query with rules across its parameters
// (`.meta` on the query object) is one object parameter (style form, explode: its properties are the query's
// parameters), and a multipart upload (`uploadForm`) is a requestBody with the media types of its file parts.
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportContentType } from '../files/table-export.ts';
import { contentTypeOf, documentKinds, type FileKind, imageKinds } from '../files/uploads.ts';

type Json = Record<string, unknown>;

interface OverrideContext {
  zodSchema: {
    _zod: { def: { type: string; checks?: { _zod: { def: { check: string; minimum?: number } } }[] } };
  };
  jsonSchema: Json;
}

/** Marks a string trimmed before its length is checked, for `tighten` below (removed from the document there). */
const NON_BLANK = 'x-mp-non-blank';
// C0 controls but tab, line feed and carriage return, and DEL: control-characters.ts's CONTROL
const CONTROL = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F';
const noControl = `^[^${CONTROL}]*$`;
const noControlNonBlank = `^[^${CONTROL}]*[^\\s${CONTROL}][^${CONTROL}]*$`;

/** A string trimmed before its length is checked (zod's trim is an `overwrite` check ahead of `min_length`). */
function trimmedNonBlank(def: OverrideContext['zodSchema']['_zod']['def']): boolean {
  if (def.type !== 'string' || !def.checks) return false;
  const checks = def.checks.map((c) => c._zod.def);
  const trimAt = checks.findIndex((c) => c.check === 'overwrite');
  const minAt = checks.findIndex((c) => c.check === 'min_length' && (c.minimum ?? 0) >= 1);
  return trimAt !== -1 && minAt > trimAt;
}

function override(ctx: OverrideContext): void {
  const def = ctx.zodSchema._zod.def;
  const json = ctx.jsonSchema;
  // the type provider's own rule (kept, as a custom override replaces it): a union has no empty branch
  if (def.type === 'union' && Array.isArray(json.anyOf)) {
    json.anyOf = (json.anyOf as object[]).filter((s) => Object.keys(s).length > 0);
  }
  if (trimmedNonBlank(def)) json[NON_BLANK] = true;
}

/** Walks a JSON Schema; `input`: adds the two rules to every free-text string; always drops the marker. */
function tighten(node: unknown, input: boolean): void {
  if (Array.isArray(node)) {
    for (const n of node) tighten(n, input);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const json = node as Json;
  const nonBlank = json[NON_BLANK] === true;
  delete json[NON_BLANK];
  if (input && json.type === 'string' && json.format === undefined && json.enum === undefined) {
    if (json.pattern === undefined && json.const === undefined) {
      json.pattern = nonBlank ? noControlNonBlank : noControl;
    } else if (nonBlank && json.pattern !== undefined) {
      json.allOf = [...((json.allOf as Json[] | undefined) ?? []), { pattern: '\\S' }];
    }
  }
  for (const value of Object.values(json)) tighten(value, input);
}

const zodTransform = createJsonSchemaTransform({ zodToJsonConfig: { override: override as never } });

/** Keywords of a query object's schema that relate its parameters (a rule across them; notBefore's too). */
const ACROSS = [
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'dependentRequired',
  'dependentSchemas',
  'x-not-before',
  'x-after',
];

/** Marks a query object for `openApiDocument`, which makes it one parameter. */
const QUERY_OBJECT = 'x-mp-query';
/** Marks the media types of a file part for `openApiDocument`, which writes them as the part's encoding. */
const MEDIA_TYPES = 'x-mp-media-types';

export const openApiTransform: typeof zodTransform = (document) => {
  const result = zodTransform(document) as { schema: Json; url: string };
  const schema = result.schema ?? {};
  if (schema.multipart) {
    schema.body = schema.multipart;
    delete schema.multipart;
  }
  for (const part of ['body', 'querystring', 'params', 'headers']) tighten(schema[part], true);
  // an empty path segment, '.' and '..' never reach the route (a URL drops dot segments; the router matches another)
  const params = schema.params as { properties?: Record<string, Json> } | undefined;
  for (const p of Object.values(params?.properties ?? {})) {
    if (p.type !== 'string' || p.enum !== undefined || p.format !== undefined) continue;
    if (p.minLength === undefined) p.minLength = 1;
    p.not = { enum: ['.', '..'] };
  }
  tighten(schema.response, false);
  const query = schema.querystring as Json | undefined;
  if (query && ACROSS.some((k) => k in query)) {
    schema[QUERY_OBJECT] = query;
    delete schema.querystring;
  }
  return result as ReturnType<typeof zodTransform>;
};

/** An upload's form for the API document: the file parts by name with the kinds each takes, and the text parts. */
export interface UploadForm {
  files: Record<string, readonly FileKind[]>;
  /** Files under any other part name (one per name), of these kinds. */
  otherFiles?: readonly FileKind[];
  /** Text parts (JSON Schema of a string). */
  fields?: Record<string, Json>;
  required?: readonly string[];
  /** At least one file must be sent (in any of the file parts). */
  atLeastOneFile?: boolean;
  /** One of these parts must be sent (a legacy form names its subject under several names). */
  oneOf?: readonly string[];
  /** More rules of the form, as JSON Schema (which part needs which). */
  rules?: Json;
}

declare module 'fastify' {
  interface FastifySchema {
    /** The multipart body as the API document describes it (`uploadForm`); the route reads it with readUploads. */
    multipart?: Json;
  }
}

const filePart = (kinds: readonly FileKind[]) => ({
  type: 'string',
  format: 'binary',
  [MEDIA_TYPES]: [...new Set(kinds.map((k) => contentTypeOf[k]))],
});

/** A part that is not a text field is a file: some part is not one of the text fields (and one is sent). */
const atLeastOneFile = (textFields: string[]) =>
  textFields.length ? { not: { propertyNames: { enum: textFields } } } : { minProperties: 1 };

/** Route schema of a multipart upload: `consumes` and the form the document shows as its requestBody. */
export function uploadForm(form: UploadForm): { consumes: string[]; multipart: Json } {
  const properties: Json = {};
  for (const [name, kinds] of Object.entries(form.files)) properties[name] = filePart(kinds);
  // a form field's text takes no control character either (the multipart reader refuses it)
  for (const [name, field] of Object.entries(form.fields ?? {}))
    properties[name] =
      field.type === 'string' && !field.format
        ? { ...field, pattern: field.pattern === '\\S' ? noControlNonBlank : (field.pattern ?? noControl) }
        : field;
  return {
    consumes: ['multipart/form-data'],
    multipart: {
      type: 'object',
      properties,
      ...(form.required?.length ? { required: [...form.required] } : {}),
      ...(form.atLeastOneFile ? atLeastOneFile(Object.keys(form.fields ?? {})) : {}),
      ...(form.oneOf ? { anyOf: form.oneOf.map((name) => ({ required: [name] })) } : {}),
      ...form.rules,
      additionalProperties: form.otherFiles ? filePart(form.otherFiles) : false,
    },
  };
}

/** Any JSON value whose texts and names hold no control character: what an object's extra properties may be. */
const FREE_VALUE = '#/components/schemas/FreeValue';
const freeValue: Json = {
  description: 'Any JSON value whose texts and property names hold no control character.',
  anyOf: [
    { type: 'string', pattern: noControl },
    { type: ['number', 'boolean', 'null'] },
    { type: 'array', items: { $ref: FREE_VALUE } },
    { type: 'object', propertyNames: { pattern: noControl }, additionalProperties: { $ref: FREE_VALUE } },
  ],
};

/**
 * An input schema's open objects (extra properties allowed) and free values (`{}`) take no control character in
 * what they let through: the server's check looks at every text of the input (control-characters.ts).
 */
function closeFreeValues(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) closeFreeValues(n);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const json = node as Json;
  // an object schema itself, not a part of one (the branches of anyOf, if / then)
  if (
    json.type === 'object' &&
    (json.additionalProperties === undefined ||
      json.additionalProperties === true ||
      isEmpty(json.additionalProperties))
  ) {
    json.additionalProperties = { $ref: FREE_VALUE };
    json.propertyNames = { pattern: noControl };
  }
  for (const [key, value] of Object.entries(json)) {
    if (key === 'not' || key === 'if') continue;
    if (key === 'properties' && value && typeof value === 'object') {
      const props = value as Json;
      for (const [name, prop] of Object.entries(props)) {
        if (isEmpty(prop)) props[name] = { $ref: FREE_VALUE };
        else closeFreeValues(prop);
      }
    } else if (key === 'items' && isEmpty(value)) json.items = { $ref: FREE_VALUE };
    else closeFreeValues(value);
  }
}

const isEmpty = (v: unknown) =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0;

interface OpenApiObject {
  components?: Json & { schemas?: Json };
  paths?: Record<string, Record<string, Json>>;
}

/**
 * The whole document, once every route is in it (@fastify/swagger's transformObject): the free values of every
 * input, a query with rules across its parameters as one object parameter, the media types of upload parts.
 */
export function openApiDocument(documentObject: object): never {
  const doc = (documentObject as { openapiObject: OpenApiObject }).openapiObject;
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, FreeValue: freeValue } };
  for (const methods of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(methods)) {
      const query = op[QUERY_OBJECT] as Json | undefined;
      delete op[QUERY_OBJECT];
      const parameters = (op.parameters as Json[] | undefined) ?? [];
      if (query) {
        parameters.push({
          name: 'query',
          in: 'query',
          description:
            'The query parameters: each property is one (style form, explode), with the rules across them.',
          required: ((query.required as string[] | undefined) ?? []).length > 0,
          style: 'form',
          explode: true,
          schema: query,
        });
        op.parameters = parameters;
      }
      for (const p of parameters) if (p.in === 'query') closeFreeValues(p.schema);
      const content = (op.requestBody as { content?: Record<string, Json> } | undefined)?.content ?? {};
      for (const [mediaType, media] of Object.entries(content)) {
        if (mediaType === 'application/json') closeFreeValues(media.schema);
        if (mediaType !== 'multipart/form-data') continue;
        const schema = media.schema as Json;
        const encoding: Record<string, { contentType: string }> = {};
        for (const [name, part] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
          const types = part[MEDIA_TYPES] as string[] | undefined;
          if (!types) continue;
          encoding[name] = { contentType: types.join(', ') };
          delete part[MEDIA_TYPES];
        }
        const other = schema.additionalProperties as Json | undefined;
        if (other?.[MEDIA_TYPES]) {
          other.description = `A file under any other part name: ${(other[MEDIA_TYPES] as string[]).join(', ')}.`;
          delete other[MEDIA_TYPES];
        }
        if (Object.keys(encoding).length) media.encoding = encoding;
      }
    }
  }
  // why: the swagger plugin's document types do not know the extensions written here
  return doc as never;
}

/** The media types of the files the API answers, for `fileAnswer`. */
export const fileTypes = {
  pdf: [contentTypeOf.pdf],
  /** An export: XLSX or CSV (platform/files/table-export.ts). */
  table: Object.values(exportContentType).map((t) => t.split(';')[0]),
  image: imageKinds.map((k) => contentTypeOf[k]),
  /** What an upload of a document may be (complaints, photos): PDF or an image. */
  document: documentKinds.map((k) => contentTypeOf[k]),
  /** A stored document or attachment keeps the type it came with (PDF, images, office files, …). */
  any: ['*/*'],
} as const;

/** A route's answer that is a file (issue #31 item 21): the document names its media types, not JSON. */
export function fileAnswer(description: string, types: readonly string[]) {
  return {
    description,
    content: Object.fromEntries(
      // why: typed unknown, so a route may send the Buffer or stream it answers (nothing is serialized)
      types.map((t) => [t, { schema: z.string().meta({ format: 'binary' }) as z.ZodType<unknown> }]),
    ),
  };
}

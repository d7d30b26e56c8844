// How the zod schemas become the API document's JSON Schemas (issue #16 part 2: the document is as strict as
// the server). zod's own conversion, plus two rules it cannot see, for what a caller sends (body, query, path,
// headers):
// - no text takes a control character (platform/http/control-characters.ts refuses them before validation);
// - a trimmed string with a minimum length refuses blanks, so it must hold a non-space character.
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

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

export const openApiTransform: typeof zodTransform = (document) => {
  const result = zodTransform(document) as { schema: Json; url: string };
  const schema = result.schema ?? {};
  for (const part of ['body', 'querystring', 'params', 'headers']) tighten(schema[part], true);
  tighten(schema.response, false);
  return result as ReturnType<typeof zodTransform>;
};

import type { FastifyInstance } from 'fastify';
import { fieldErrors } from '../errors.ts';

// C0 control characters but tab, line feed and carriage return (multi-line comments keep those), and DEL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The paths (dotted, as validation errors name them) of every string in `value` with a control character. */
export function controlCharacterPaths(value: unknown, path = '', out: string[] = [], depth = 0): string[] {
  if (depth > 32 || out.length >= 20) return out;
  if (typeof value === 'string') {
    if (CONTROL.test(value)) out.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => {
      controlCharacterPaths(v, path ? `${path}.${i}` : String(i), out, depth + 1);
    });
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (CONTROL.test(k)) out.push(path ? `${path}.${k}` : k);
      else controlCharacterPaths(v, path ? `${path}.${k}` : k, out, depth + 1);
    }
  }
  return out;
}

/**
 * No text field takes a NUL or another control character (issue #16 part 2): refused at validation with the
 * field named (`validation.ongeldige_tekens`), never passed on for the database to refuse without a name.
 * Runs before schema validation, after the login check (app.ts registers it after that one).
 */
export function refuseControlCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    for (const [where, value] of [
      ['body', req.body],
      ['querystring', req.query],
      ['params', req.params],
    ] as const) {
      const paths = controlCharacterPaths(value);
      if (paths.length === 0) continue;
      throw fieldErrors(
        'invalid',
        'error.ongeldige_invoer',
        Object.fromEntries(paths.map((p) => [p || where, 'validation.ongeldige_tekens'])),
        { details: { in: where } },
      );
    }
  });
}

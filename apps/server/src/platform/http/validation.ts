import type { FastifySchemaValidationError } from 'fastify';
import type { FieldProblem } from '../errors.ts';

/** Maps one schema issue to a translation key (validation.*), so the UI can show it per field. */
export function fieldErrorOf(issue: FastifySchemaValidationError): FieldProblem {
  const p = issue.params as Record<string, unknown>;
  const message = issue.message ?? '';
  if (message.startsWith('validation.')) return { code: message };
  switch (issue.keyword) {
    case 'invalid_type':
      return message.includes('received undefined') || message.includes('received null')
        ? { code: 'validation.verplicht' }
        : { code: 'validation.ongeldig_formaat' };
    case 'too_small': {
      const min = Number(p.minimum ?? 0);
      if (p.origin === 'string')
        return min <= 1 ? { code: 'validation.verplicht' } : { code: 'validation.te_kort', params: { min } };
      if (p.origin === 'array') return { code: 'validation.verplicht' };
      return { code: 'validation.te_klein', params: { min } };
    }
    case 'too_big': {
      const max = Number(p.maximum ?? 0);
      if (p.origin === 'string' || p.origin === 'array')
        return { code: 'validation.te_lang', params: { max } };
      return { code: 'validation.te_groot', params: { max } };
    }
    case 'invalid_format':
      return p.format === 'email'
        ? { code: 'validation.email_ongeldig' }
        : { code: 'validation.ongeldig_formaat' };
    case 'invalid_value':
    case 'invalid_union':
      return { code: 'validation.onbekende_waarde' };
    case 'unrecognized_keys':
      return { code: 'validation.onbekend_veld' };
    default:
      return { code: 'validation.ongeldig_formaat' };
  }
}

export function fieldPath(issue: FastifySchemaValidationError, context?: string): string {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (path) return path;
  return context ?? 'body';
}

import { AppError } from '../../platform/errors.ts';

export const requestNotFound = (id: string) =>
  new AppError('not_found', 'error.niet_gevonden', { details: { requestId: id } });

export function fieldError(
  type: 'invalid' | 'rule',
  code: string,
  field: string,
  fieldCode: string,
  params?: Record<string, string | number>,
) {
  return new AppError(type, code, {
    details: { fields: { [field]: params ? { code: fieldCode, params } : { code: fieldCode } } },
  });
}

// Who may call an operation at all, said on the route, so that a caller without the role is refused before the
// input is looked at (issue #16 part 3: authorization before validation). The services still check it too.

import { can, isAdmin, isDepartment } from '@mp/contract/permissions';
import { AppError } from '../errors.ts';
import type { AuthUser } from './context.ts';

/** Route `config`: only administrators (settings, translations, content, images, request processing, …). */
export const adminOnly = { access: 'admin' } as const;

/** Route `config`: only the equipment department (decision 0018: admins and internal users with `department`). */
export const departmentOnly = { access: 'department' } as const;

/** Route `config`: whoever may change the corporate identity (admins and AppCorporateIdentity holders, decision 0026). */
export const corporateIdentityEditors = { access: 'corporate-identity' } as const;

/** Route `config`: whoever runs the ERP connection (admins and BusinessCentral holders, decision 0027). */
export const erpOperators = { access: 'business-central' } as const;

/** The refusal of a signed-in caller the route's `config` does not admit, or null. */
export function refusedByRole(config: unknown, user: AuthUser): AppError | null {
  const access = (config as { access?: string } | undefined)?.access;
  if (access === 'admin' && !isAdmin({ user })) return new AppError('forbidden', 'error.geen_toegang');
  if (access === 'department' && !isDepartment({ user }))
    return new AppError('forbidden', 'error.geen_toegang');
  if (access === 'corporate-identity' && !can({ user }, 'AppCorporateIdentity', 'write'))
    return new AppError('forbidden', 'error.geen_toegang');
  if (access === 'business-central' && !can({ user }, 'BusinessCentral', 'write'))
    return new AppError('forbidden', 'error.geen_toegang');
  return null;
}

import type { CorporateIdentitySettingsUpdate } from '@mp/contract/api/shell';
import { requireAccess } from '../../platform/auth/access.ts';
import { fieldErrors } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { writeSettingsBy } from '../settings/index.ts';
import type { CorporateSlot } from './images.queries.ts';
import {
  clearCorporateImage,
  type ImageUpload,
  lowContrastError,
  replaceCorporateImage,
} from './images.service.ts';

/*
 * The corporate-identity page's writes (decision 0026): images, colours, footer settings. Who: admins and whoever
 * holds the functional area AppCorporateIdentity (the matrix gives an extra area read and write).
 */

export async function uploadCorporateImage(
  ctx: Ctx,
  storage: FileStorage,
  slot: CorporateSlot,
  upload: ImageUpload,
): Promise<{ fileId: string; url: string }> {
  await requireAccess(ctx, { permission: 'area.write', area: 'AppCorporateIdentity' });
  const user = requireUser(ctx);
  return replaceCorporateImage(ctx, storage, slot, upload, user.id);
}

/** Back to the portal's default (the built-in logo, the plain banner, the default favicon). */
export async function removeCorporateImage(
  ctx: Ctx,
  storage: FileStorage,
  slot: CorporateSlot,
): Promise<void> {
  await requireAccess(ctx, { permission: 'area.write', area: 'AppCorporateIdentity' });
  const user = requireUser(ctx);
  await clearCorporateImage(ctx, storage, slot, user.id);
}

/**
 * Saves colours and footer settings, all or nothing. The colours as they will be (stored ones plus the change) are
 * judged against WCAG AA (rules/contrast.ts, as the page does); a failing pair is stored only when the editor
 * confirmed it (acceptLowContrast), otherwise 422 with each failing pair and its ratio.
 */
export async function saveCorporateIdentitySettings(
  ctx: Ctx,
  input: CorporateIdentitySettingsUpdate,
): Promise<void> {
  await requireAccess(ctx, { permission: 'area.write', area: 'AppCorporateIdentity' });
  const user = requireUser(ctx);
  const values: Record<string, unknown> = { ...input.values };
  for (const [k, v] of Object.entries(values)) if (v === undefined) delete values[k];
  if (Object.keys(values).length === 0)
    throw fieldErrors(
      'invalid',
      'error.ongeldige_invoer',
      { values: 'validation.verplicht' },
      { details: { in: 'body' } },
    );
  const contrast = await lowContrastError(ctx, values);
  if (contrast && input.acceptLowContrast !== true) throw contrast;
  // PrimaryColorRgb follows PrimaryColor in the settings' own write (one rule with the legacy SaveCustomColors)
  await writeSettingsBy(ctx, user, values);
}

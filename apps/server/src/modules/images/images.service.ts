import type { CorporateIdentity } from '@mp/contract/api/shell';
import { type BrandColours, brandColourKeys, checkContrast, parseHex } from '@mp/contract/rules/contrast';
import { requireAccess } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, fieldErrors } from '../../platform/errors.ts';
import { removeFile, storeFile } from '../../platform/files/files.ts';
import { type ImageType, imageUrl, servableImageTypes } from '../../platform/files/image-url.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import { extensionOf, type FileKind, reencodeImage } from '../../platform/files/uploads.ts';
import type { Ctx } from '../../platform/http/context.ts';
import {
  catalogueImageSlot,
  catalogueUsesFile,
  isItemImageFile,
  itemImageUrls,
  setCatalogueImage,
} from '../catalogue/index.ts';
import { writeSettings } from '../settings/index.ts';
import {
  type CorporateSlot,
  fileStillUsedAsImage,
  type ImageFile,
  selectContentImage,
  selectCorporateIdentity,
  selectFile,
  setCorporateImage,
} from './images.queries.ts';

export const corporateSlots = ['logo', 'banner', 'favicon'] as const;

/** Longest side per use; the favicon also becomes a PNG. */
const maxDimension: Record<ImageType | CorporateSlot, number> = {
  item: 1600,
  category: 1200,
  set: 1600,
  content: 2000,
  corporate: 2400,
  logo: 800,
  banner: 2400,
  favicon: 256,
};

const servable = servableImageTypes;

const notFound = (type: string, id: string) =>
  new AppError('not_found', 'error.niet_gevonden', { details: { type, id } });

function isUuid(s: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}

async function fileOrNull(ctx: Ctx, id: string | null): Promise<ImageFile | null> {
  return id ? selectFile(ctx.db, id) : null;
}

/** The file behind /Images/single/{type}/{id}: only files that are that entity's image are reachable here. */
async function resolveImage(ctx: Ctx, type: ImageType, id: string): Promise<ImageFile | null> {
  switch (type) {
    case 'item': {
      const item = await catalogueImageSlot(ctx.db, 'item', id);
      if (item) return fileOrNull(ctx, item.imageFileId);
      const category = (await ctx.settings()).Documenten_CategorieAfbeeldingen;
      return isUuid(id) && category && (await isItemImageFile(ctx.db, id, category))
        ? selectFile(ctx.db, id)
        : null;
    }
    case 'category':
    case 'set':
      return fileOrNull(ctx, (await catalogueImageSlot(ctx.db, type, id))?.imageFileId ?? null);
    case 'corporate': {
      if (!(corporateSlots as readonly string[]).includes(id)) return null;
      const ci = await selectCorporateIdentity(ctx.db);
      return fileOrNull(ctx, ci[`${id as CorporateSlot}FileId`]);
    }
    case 'content':
      return isUuid(id) ? selectContentImage(ctx.db, id) : null;
  }
}

/** The bytes of an image, public (catalogue pictures and the logo show before sign-in). */
export async function readImage(
  ctx: Ctx,
  storage: FileStorage,
  type: ImageType,
  id: string,
): Promise<{ bytes: Buffer; contentType: string; etag: string }> {
  const file = await resolveImage(ctx, type, id);
  if (!file || !servable.has(file.contentType)) throw notFound(type, id);
  const bytes = await storage.get(file.storageKey);
  if (!bytes) throw notFound(type, id);
  return { bytes, contentType: file.contentType, etag: `"${file.sha256.slice(0, 32)}"` };
}

/** The corporate logo's bytes and type, for documents that carry the corporate identity; null when none is set. */
export async function corporateLogo(
  db: Db,
  storage: FileStorage,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  const { logoFileId } = await selectCorporateIdentity(db);
  const file = logoFileId ? await selectFile(db, logoFileId) : null;
  const bytes = file ? await storage.get(file.storageKey) : null;
  return file && bytes ? { bytes, contentType: file.contentType } : null;
}

/** Every image URL of an entity (an item has its main picture plus image documents). */
export async function listImageUrls(ctx: Ctx, type: ImageType, id: string): Promise<string[]> {
  if (type === 'item') {
    const urls = await itemImageUrls(ctx.db, id, (await ctx.settings()).Documenten_CategorieAfbeeldingen);
    if (!urls) throw notFound(type, id);
    return urls;
  }
  const file = await resolveImage(ctx, type, id);
  return file && servable.has(file.contentType) ? [imageUrl(type, id, file.sha256)] : [];
}

export async function getCorporateIdentity(ctx: Ctx): Promise<CorporateIdentity> {
  const ci = await selectCorporateIdentity(ctx.db);
  const [logo, banner, favicon] = await Promise.all([
    fileOrNull(ctx, ci.logoFileId),
    fileOrNull(ctx, ci.bannerFileId),
    fileOrNull(ctx, ci.faviconFileId),
  ]);
  return {
    logoUrl: logo ? imageUrl('corporate', 'logo', logo.sha256) : null,
    bannerUrl: banner ? imageUrl('corporate', 'banner', banner.sha256) : null,
    faviconUrl: favicon ? imageUrl('corporate', 'favicon', favicon.sha256) : null,
  };
}

export interface ImageUpload {
  kind: FileKind;
  bytes: Buffer;
  displayName: string;
}

export function missingFile(field: string): AppError {
  return fieldErrors(
    'invalid',
    'error.ongeldige_invoer',
    { [field]: 'validation.verplicht' },
    { details: { in: 'body' } },
  );
}

/** Re-encodes and stores one uploaded image; the row remembers what it was uploaded for. */
async function storeImage(
  ctx: Ctx,
  storage: FileStorage,
  purpose: ImageType | CorporateSlot,
  upload: ImageUpload,
  userId: string,
) {
  const image = await reencodeImage(upload.bytes, {
    maxDimension: maxDimension[purpose],
    format: purpose === 'favicon' ? 'png' : undefined,
  });
  return storeFile(ctx.db, storage, {
    prefix: `images-${purpose}`,
    extension: extensionOf[image.kind],
    bytes: image.bytes,
    contentType: image.contentType,
    fileName: upload.displayName,
    uploadedBy: userId,
    meta: {
      purpose: purpose === 'content' ? 'content' : 'image',
      slot: purpose,
      width: image.width,
      height: image.height,
      origin: 'upload',
    },
  });
}

/** Removes a replaced image's file when it came from an upload and nothing else shows it. */
async function dropIfUnused(ctx: Ctx, storage: FileStorage, fileId: string | null): Promise<void> {
  if (!fileId) return;
  const file = await selectFile(ctx.db, fileId);
  const meta = (file?.meta ?? {}) as { origin?: string };
  if (!file || meta.origin !== 'upload') return;
  if ((await catalogueUsesFile(ctx.db, fileId)) || (await fileStillUsedAsImage(ctx.db, fileId))) return;
  await removeFile(ctx.db, storage, fileId);
}

/**
 * Admin: sets the image of an item, category, set or corporate slot (id = logo|banner|favicon), or
 * adds a content image (no id). Answers the new URL.
 */
export async function setImage(
  ctx: Ctx,
  storage: FileStorage,
  type: ImageType,
  id: string | null,
  upload: ImageUpload,
): Promise<{ fileId: string; url: string }> {
  const admin = await requireAccess(ctx, { permission: 'admin' });
  if (type === 'content') {
    const file = await storeImage(ctx, storage, 'content', upload, admin.id);
    return { fileId: file.id, url: imageUrl('content', file.id) };
  }
  if (!id) {
    throw missingFile('id');
  }
  if (type === 'corporate') {
    if (!(corporateSlots as readonly string[]).includes(id)) throw notFound(type, id);
    return replaceCorporateImage(ctx, storage, id as CorporateSlot, upload, admin.id);
  }
  const target = await catalogueImageSlot(ctx.db, type, id);
  if (!target) throw notFound(type, id);
  const file = await storeImage(ctx, storage, type, upload, admin.id);
  await setCatalogueImage(ctx.db, type, target.id, file.id);
  await dropIfUnused(ctx, storage, target.imageFileId);
  return { fileId: file.id, url: imageUrl(type, target.urlId, file.sha256) };
}

/**
 * Stores a corporate image (logo, banner, favicon) and drops the one it replaces. The caller checked the right
 * (admins via setImage, AppCorporateIdentity holders via the corporate-identity service).
 */
export async function replaceCorporateImage(
  ctx: Ctx,
  storage: FileStorage,
  slot: CorporateSlot,
  upload: ImageUpload,
  userId: string,
): Promise<{ fileId: string; url: string }> {
  const before = (await selectCorporateIdentity(ctx.db))[`${slot}FileId`];
  const file = await storeImage(ctx, storage, slot, upload, userId);
  await setCorporateImage(ctx.db, slot, file.id, userId);
  await dropIfUnused(ctx, storage, before);
  return { fileId: file.id, url: imageUrl('corporate', slot, file.sha256) };
}

/** Clears a corporate image (the portal's default shows again); the caller checked the right. */
export async function clearCorporateImage(
  ctx: Ctx,
  storage: FileStorage,
  slot: CorporateSlot,
  userId: string,
): Promise<void> {
  const before = (await selectCorporateIdentity(ctx.db))[`${slot}FileId`];
  await setCorporateImage(ctx.db, slot, null, userId);
  await dropIfUnused(ctx, storage, before);
}

/** Admin: clears the image of an item, category, set or corporate slot. */
export async function removeImage(
  ctx: Ctx,
  storage: FileStorage,
  type: ImageType,
  id: string,
): Promise<void> {
  const admin = await requireAccess(ctx, { permission: 'admin' });
  if (type === 'corporate') {
    if (!(corporateSlots as readonly string[]).includes(id)) throw notFound(type, id);
    await clearCorporateImage(ctx, storage, id as CorporateSlot, admin.id);
    return;
  }
  if (type === 'content') {
    if (!isUuid(id) || !(await selectContentImage(ctx.db, id))) throw notFound(type, id);
    await removeFile(ctx.db, storage, id);
    return;
  }
  const target = await catalogueImageSlot(ctx.db, type, id);
  if (!target) throw notFound(type, id);
  await setCatalogueImage(ctx.db, type, target.id, null);
  await dropIfUnused(ctx, storage, target.imageFileId);
}

/** Admin: several corporate images in one go (legacy UpdateCorporateIdentityImages). */
export async function setCorporateImages(
  ctx: Ctx,
  storage: FileStorage,
  uploads: { slot: CorporateSlot; upload: ImageUpload }[],
): Promise<CorporateIdentity> {
  await requireAccess(ctx, { permission: 'admin' });
  for (const { slot, upload } of uploads) await setImage(ctx, storage, 'corporate', slot, upload);
  return getCorporateIdentity(ctx);
}

/** The colour settings of the corporate identity (product §9): the brand colours and the derived PrimaryColorRgb. */
export const colourKeys = [...brandColourKeys, 'PrimaryColorRgb'] as const;

/**
 * The colours as they will be (the stored ones plus `change`) judged against WCAG AA (rules/contrast.ts, as the
 * corporate-identity page does): the 422 that names each failing pair and its ratio, or null when all pass or no
 * colour changes.
 */
export async function lowContrastError(ctx: Ctx, change: Record<string, unknown>): Promise<AppError | null> {
  const changed = brandColourKeys.filter((k) => k in change);
  // nothing to judge, or a value that is no colour at all: the settings' own validation answers that (400)
  if (changed.length === 0 || changed.some((k) => typeof change[k] !== 'string' || !parseHex(change[k])))
    return null;
  const stored = await ctx.settings();
  const next = Object.fromEntries(
    brandColourKeys.map((k) => [k, (change[k] as string | undefined) ?? stored[k]]),
  ) as BrandColours;
  const failing = checkContrast(next).filter((c) => !c.passes);
  if (failing.length === 0) return null;
  return new AppError('rule', 'corporate_identity.contrast_te_laag', {
    details: {
      pairs: failing.map((c) => ({
        id: c.id,
        text: c.text,
        background: c.background,
        ratio: c.ratio === null ? null : Math.round(c.ratio * 100) / 100,
      })),
    },
  });
}

/**
 * Admin: saves colour settings (legacy CustomColors/SaveCustomColors). Keys match case-insensitively
 * (`primaryColor` = `PrimaryColor`); anything that is not a colour setting is refused, and so are colours
 * whose text would fall below WCAG AA (422, as on the page, which alone can confirm them). Validation and the
 * write itself are the settings service's (all or nothing).
 */
export async function saveCustomColors(ctx: Ctx, values: Record<string, unknown>): Promise<void> {
  await requireAccess(ctx, { permission: 'admin' });
  const clean: Record<string, unknown> = {};
  const unknown: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const setting = colourKeys.find((k) => k.toLowerCase() === key.toLowerCase());
    if (setting) clean[setting] = value;
    else unknown[key] = 'validation.onbekend_veld';
  }
  if (Object.keys(unknown).length)
    throw fieldErrors('invalid', 'error.ongeldige_invoer', unknown, { details: { in: 'body' } });
  // the legacy call has no way to confirm: unreadable colour pairs are refused (the page can confirm them)
  const contrast = await lowContrastError(ctx, clean);
  if (contrast) throw contrast;
  await writeSettings(ctx, clean);
}

import { requireArea, requireLocationById } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { type DocumentRow, selectDocument } from './documents.queries.ts';

export interface DocumentInfo {
  documentSystemId: string;
  category: string;
  title: string;
  fileName: string;
  contentType: string;
  size: number;
  documentDate: string | null;
  url: string;
}

// Unknown and not-yours answer alike: the existence of someone else's document is not told.
const notFound = () => new AppError('not_found', 'error.niet_gevonden');

/**
 * The document when the caller may read it (decision 0009): an item's document (a manual) like the item's
 * details page (settings data: AppDetails, anonymous only with AllowAnonymousUsers); a document of a
 * location, or of a plant, order or invoice at one, only for that location's members (and admins).
 */
async function readable(ctx: Ctx, documentSystemId: string): Promise<DocumentRow> {
  const doc = await selectDocument(ctx.db, documentSystemId);
  if (!doc) {
    // Same answer for anonymous callers as for a foreign document: first the area rule, then 404.
    await requireArea(ctx, 'AppDetails', 'read');
    throw notFound();
  }
  if (doc.located) {
    if (!ctx.user) throw new AppError('unauthenticated', 'error.niet_ingelogd');
    if (!doc.location_id) {
      // A plant in a depot, say: nobody's location, so admins only.
      if (requireUser(ctx).role !== 'admin') throw notFound();
      return doc;
    }
    try {
      await requireLocationById(ctx, doc.location_id, 'read', { allowDeregistered: true });
    } catch (e) {
      if (e instanceof AppError && e.status === 404) throw notFound();
      throw e;
    }
    return doc;
  }
  if (doc.item_id) {
    await requireArea(ctx, 'AppDetails', 'read');
    return doc;
  }
  // About nothing in particular: admins only.
  if (requireUser(ctx).role !== 'admin') throw notFound();
  return doc;
}

const contentUrl = (id: string) => `/api/v2.0/Documents/${encodeURIComponent(id)}/content`;

/** GET Documents/{documentSystemId}: what the document is. */
export async function documentInfo(ctx: Ctx, documentSystemId: string): Promise<DocumentInfo> {
  const doc = await readable(ctx, documentSystemId);
  return {
    documentSystemId: doc.document_system_id,
    category: doc.category,
    title: doc.title,
    fileName: doc.file_name,
    contentType: doc.content_type,
    size: doc.size,
    documentDate: doc.document_date,
    url: contentUrl(doc.document_system_id),
  };
}

/** GET Documents/{documentSystemId}/content: the file. */
export async function documentContent(
  ctx: Ctx,
  storage: FileStorage,
  documentSystemId: string,
): Promise<{ bytes: Buffer; fileName: string; contentType: string }> {
  const doc = await readable(ctx, documentSystemId);
  const bytes = await storage.get(doc.storage_key);
  if (!bytes) throw notFound();
  return { bytes, fileName: doc.file_name, contentType: doc.content_type };
}

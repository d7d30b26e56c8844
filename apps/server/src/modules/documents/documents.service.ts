import { requireAccess } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { selectDocument } from './documents.queries.ts';

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

const contentUrl = (id: string) => `/api/v2.0/Documents/${encodeURIComponent(id)}/content`;

/** GET Documents/{documentSystemId}: what the document is. */
export async function documentInfo(ctx: Ctx, documentSystemId: string): Promise<DocumentInfo> {
  const doc = await requireAccess(ctx, {
    permission: 'document.read',
    load: () => selectDocument(ctx.db, documentSystemId),
    notFound,
  });
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
  const doc = await requireAccess(ctx, {
    permission: 'document.read',
    load: () => selectDocument(ctx.db, documentSystemId),
    notFound,
  });
  const bytes = await storage.get(doc.storage_key);
  if (!bytes) throw notFound();
  return { bytes, fileName: doc.file_name, contentType: doc.content_type };
}
